import { Alert, Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';

/**
 * A record a mailed link opens without signing in (an invoice, a shared impact report),
 * fetched once per token by `load` (a function declared once, outside the component): the pages of the light public entry keep no query
 * cache. `null` until the answer (or its error) for this token has come.
 */
export function usePublicRecord<T>(token: string, load: (token: string, signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<{ token: string; data?: T; error?: unknown } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    load(token, ctl.signal).then(
      (data) => setState({ token, data }),
      (error: unknown) => !ctl.signal.aborted && setState({ token, error }),
    );
    return () => ctl.abort();
  }, [token, load]); // load: a module-level function naming the endpoint, so stable
  return state?.token === token ? state : null;
}

/**
 * Why a link shows nothing: its error code's own title where `titles` has one (a link
 * revoked or expired: orange), else `unknownTitle` (red), with the server's message.
 */
export function PublicLinkError({
  error,
  titles,
  unknownTitle,
  testId,
}: {
  error: unknown;
  titles: Record<string, string>;
  unknownTitle: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.body?.code : undefined;
  const known = code ? titles[code] : undefined;
  return (
    <Box maw={720} mx="auto" py="xl" px="md" component="main" id="main">
      <Alert color={known ? 'orange' : 'red'} variant="light" role="alert" data-testid={testId} title={t(known ?? unknownTitle)}>
        {errorMessage(error, t)}
      </Alert>
    </Box>
  );
}
