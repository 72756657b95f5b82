import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
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

/**
 * The page a mailed link opens: a line naming who it comes from and a Print button (both
 * marked `noPrintClass`, which the record's print style hides), above the record.
 */
export function PublicPage({
  maw,
  note,
  printLabel,
  noPrintClass,
  children,
}: {
  maw: number;
  note: string;
  printLabel: string;
  noPrintClass: string;
  children: ReactNode;
}) {
  return (
    <Box maw={maw} mx="auto" py={{ base: 'sm', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }} component="main" id="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" className={noPrintClass}>
          <Text size="sm" c="dimmed">
            {note}
          </Text>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {printLabel}
          </Button>
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
