import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The open recall that holds a batch, linked to the recall; nothing when it is free (inventory, shipping). */
export function HeldBadge({ hold }: { hold: { recall_id: number; number: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!hold) return null;
  return (
    <Badge
      component={Link}
      to={paths.app.recall.getHref(hold.recall_id)}
      color="red"
      variant="filled"
      leftSection={<IconLock size={12} aria-hidden />}
      style={{ textTransform: 'none', cursor: 'pointer', flexShrink: 0, whiteSpace: 'nowrap', overflow: 'visible' }}
      data-testid="held-badge"
    >
      {t('common.heldBy', { number: hold.number })}
    </Badge>
  );
}
