import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';

/**
 * Shows a refused request on a @mantine/form form, in the user's language: under the field the
 * server names when the form has that field, else as the error of `fallback` (a field, or a name
 * such as `form` that the page shows above its fields).
 */
export function showServerError<V extends Record<string, unknown>>(form: UseFormReturnType<V>, err: unknown, t: TFunction, fallback: string) {
  const field = err instanceof ApiError ? err.body?.field : undefined;
  form.setFieldError(field && field in form.values ? field : fallback, errorMessage(err, t));
}

/**
 * A form's starting values: every field of `empty` (what a new record starts with), taken from
 * the record being edited where it has that field set.
 */
export function startingValues<V extends Record<string, unknown>>(empty: V, record?: object | null): V {
  const from = (record ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(empty)) out[key] = from[key] ?? value;
  return out as V;
}
