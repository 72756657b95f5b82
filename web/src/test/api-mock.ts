import { http, type DefaultBodyType, type HttpResponseResolver, type JsonBodyType, type PathParams } from 'msw';
import type { ApiErrorBody, BodyOf, PathsWith, ResponseOf } from '@/lib/api';

/**
 * msw handlers typed by the server's OpenAPI document: the path must be one the
 * server has, and every JSON answer must be its documented success body or the
 * `Error` body ({error, code, params, field?}), so a mock cannot drift from the server.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The error body with its params as JSON values (msw needs JSON-typed bodies). */
export type MockErrorBody = Omit<ApiErrorBody, 'params'> & { params: Record<string, JsonBodyType> };

/** `/api/items/{id}` → `/api/items/:id` */
const mswPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function route<M extends Method>(method: M) {
  return <P extends PathsWith<M>>(
    path: P,
    resolver: HttpResponseResolver<PathParams, BodyOf<P, M> extends never ? DefaultBodyType : BodyOf<P, M>, Extract<ResponseOf<P, M> | MockErrorBody, DefaultBodyType>>,
  ) => http[method](mswPath(path), resolver as HttpResponseResolver);
}

export const mockApi = {
  get: route('get'),
  post: route('post'),
  put: route('put'),
  patch: route('patch'),
  delete: route('delete'),
};

/** An error body as the server sends it. */
export function apiError(error: string, code: string, params: Record<string, JsonBodyType> = {}, field?: string): MockErrorBody {
  return field === undefined ? { error, code, params } : { error, code, params, field };
}
