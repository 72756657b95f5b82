import { useEffect, useState } from 'react';
import { publicApi, type Schema } from '@/lib/api';

/** GET /api/settings/public once, for the auth pages (which run without a query client). */
export function usePublicSettingsOnce(): Schema<'PublicSettings'> | undefined {
  const [settings, setSettings] = useState<Schema<'PublicSettings'>>();
  useEffect(() => {
    const ctrl = new AbortController();
    publicApi.get('/api/settings/public', { signal: ctrl.signal }).then(setSettings, () => undefined);
    return () => ctrl.abort();
  }, []);
  return settings;
}
