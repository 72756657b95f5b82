import { Badge, Tooltip } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '@/lib/live';

/**
 * Says in the header when live updates are offline: the stream could not open (the server
 * refused it, or cannot be reached) and is waiting to try again. Nothing while it is open
 * or connecting.
 */
export function LiveStatusBadge() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status !== 'offline') return null;
  return (
    <Tooltip label={t('navbar.liveOfflineHelp')} multiline w={260}>
      <Badge
        role="status"
        color="orange"
        variant="light"
        leftSection={<IconPlugConnectedX size={14} aria-hidden />}
        aria-label={t('navbar.liveOfflineHelp')}
        data-testid="live-offline"
        tabIndex={0}
      >
        {t('navbar.liveOffline')}
      </Badge>
    </Tooltip>
  );
}
