import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface DashboardCardProps {
  icon: Icon;
  /** the Mantine colour of the icon; the theme's primary when absent */
  color?: string;
  title: string;
  /** shown at the far end of the title row, e.g. a count */
  aside?: ReactNode;
  /** the card's data: a skeleton while it loads, the error when it fails, else the body */
  query?: { isPending: boolean; isError: boolean };
  /** the link at the foot of the card, to the page it summarises */
  link?: { to: string; label: string };
  /** the body; a function when it reads the query's data (called only once it is there) */
  children: ReactNode | (() => ReactNode);
}

/** The frame every dashboard card shares: a bordered panel with an icon and a level-2 title. */
export function DashboardCard({ icon: CardIcon, color, title, aside, query, link, children }: DashboardCardProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query?.isPending) body = <Skeleton h={48} />;
  else if (query?.isError)
    body = (
      <Text size="sm" c="red">
        {t('errors.generic')}
      </Text>
    );
  else body = typeof children === 'function' ? children() : children;
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={36} color={color}>
              <CardIcon size={20} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h5">
              {title}
            </Title>
          </Group>
          {aside}
        </Group>
        {body}
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** A card's list: one row a thing, no bullets. */
export function CardList({ testId, gap = 6, children }: { testId: string; gap?: number; children: ReactNode }) {
  return (
    <Stack component="ul" gap={gap} m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** A row of a card's list: the thing at the start, its state (a badge, a time) at the end. */
export function CardRow({ children }: { children: ReactNode }) {
  return (
    <Group component="li" gap="xs" justify="space-between" wrap="nowrap">
      {children}
    </Group>
  );
}

/** The state at a row's end, kept whole however narrow the card. */
export function CardBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="filled" autoContrast style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
