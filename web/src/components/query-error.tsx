import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';

interface FailedQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list whose request failed says so, with the server's reason and a Reload button,
 * instead of showing its empty text ("No items match.") as if there were nothing.
 * Nothing while the query has not failed.
 */
export function QueryError({ query, title }: { query: FailedQuery; title?: string }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={title ?? t('common.listFailed')}>
      <Group gap="sm" justify="space-between">
        <Text size="sm">{errorMessage(query.error, t)}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          loading={query.isFetching}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void query.refetch()}
        >
          {t('common.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Whether a list should show its table: not when its only answer so far is an error. */
export const showsTable = (query: { isError: boolean; data?: unknown }) => !query.isError || query.data !== undefined;
