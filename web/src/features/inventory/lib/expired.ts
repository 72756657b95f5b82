import { ApiError } from '@/lib/api';

/**
 * Which line or pick a 409 batch.expired names (its field, `lines[2]` or `batches[0]`, under
 * prefix), or null when err is something else.
 */
export function expiredIndex(err: unknown, prefix: string): number | null {
  if (!(err instanceof ApiError) || err.body?.code !== 'batch.expired') return null;
  const m = new RegExp(`^${prefix}\\[(\\d+)\\]$`).exec(err.body.field ?? '');
  return m ? Number(m[1]) : null;
}
