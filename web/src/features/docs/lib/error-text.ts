import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatBytes } from './format';
import { UploadError } from '../api/upload-document';

/** The code and params of an API error body, when the failure carried one. */
function codeOf(err: unknown): { code: string; params: Record<string, unknown> } | null {
  if (err instanceof UploadError) return { code: err.code, params: err.params };
  if (err instanceof ApiError) {
    const json = err.message.replace(/^HTTP error \d+: /, '');
    try {
      const body = JSON.parse(json) as { code?: unknown; params?: unknown };
      if (typeof body.code === 'string') return { code: body.code, params: (body.params as Record<string, unknown>) ?? {} };
    } catch {
      // not an error body
    }
  }
  return null;
}

/**
 * A translated message for a documents failure: `errors.<code>` with its params
 * in the user's language, else the shared wording for the failure.
 */
export function docErrorText(err: unknown, t: TFunction, lng: string): string {
  const c = codeOf(err);
  if (c) {
    if (c.code === 'network') return t('errors.network');
    const key = `errors.${c.code}`;
    const params: Record<string, unknown> = { ...c.params };
    if (typeof params.limit === 'number') params.limitText = formatBytes(params.limit, lng);
    if (typeof params.expanded === 'number') params.expandedText = formatBytes(params.expanded, lng);
    if (t(key, { defaultValue: '' })) return t(key, params);
    if (err instanceof UploadError) return err.message;
  }
  return errorMessage(err, t);
}
