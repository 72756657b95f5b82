import { Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface DashboardCardProps {
  icon: Icon;
  /** the Mantine colour of the icon; the theme's primary when absent */
  color?: string;
  title: string;
  /** shown at the far end of the title row, e.g. a count */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame every dashboard card shares: a bordered panel with an icon and a level-2 title. */
export function DashboardCard({ icon: CardIcon, color, title, aside, children }: DashboardCardProps) {
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
        {children}
      </Stack>
    </Paper>
  );
}
