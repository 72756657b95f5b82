import { Paper, Stack, Title, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface TitledCardProps {
  title: string;
  children: ReactNode;
  p?: PaperProps['p'];
  /** A <section> named by its title (a page of several cards a reader moves between). */
  section?: boolean;
  testId?: string;
}

/** A bordered card with a level-2 title above its content (settings, preferences). */
export function TitledCard({ title, children, p = { base: 'md', sm: 'lg' }, section = false, testId }: TitledCardProps) {
  return (
    <Paper withBorder radius="lg" p={p} component={section ? 'section' : 'div'} aria-label={section ? title : undefined} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
