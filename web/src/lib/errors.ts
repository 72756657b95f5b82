import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * A user-facing, translated message for any failure. Known situations get their own
 * translated text; otherwise the server's own message, else a generic one.
 */
export function errorMessage(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) {
    switch (err.kind) {
      case 'network':
        return t('errors.network');
      case 'no_token':
        return t('errors.noToken');
      case 'unauthorized':
        return t('errors.invalidToken');
      case 'forbidden':
        return t('errors.forbidden');
      case 'invalid_json':
        return t('errors.invalidResponse');
      default:
        break;
    }
    if (err.status === 429) return t('errors.tooManyAttempts');
    if (err.status === 413) return t('errors.tooLarge');
    if (err.status === 404) return t('errors.itemsNotFound');
    return err.serverMessage ?? t('errors.generic');
  }
  return t('errors.generic');
}
