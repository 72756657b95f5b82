import { Badge, EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '@/i18n';

// Its strings (pages.*) are the `pages` namespace's.
await loadNamespaces('pages');

interface ComingSoonProps {
  icon: Icon;
  /** Translated text saying what will appear here. */
  text: string;
}

/**
 * The honest empty state of a screen whose feature is not built yet: it says what will
 * appear, and shows no made-up data.
 */
export function ComingSoon({ icon: IconComponent, text }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconComponent size={32} stroke={1.5} aria-hidden />}
        title={t('pages.emptyTitle')}
        description={text}
      >
        <EmptyState.Actions>
          <Badge variant="light" color="gray" size="lg" radius="sm">
            {t('common.comingSoon')}
          </Badge>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
