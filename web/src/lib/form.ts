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
