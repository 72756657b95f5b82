import { Paper, Stack, type MantineSpacing, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TitleWithHelp } from './title-with-help';

interface TitledCardProps {
  title: string;
  /** A line under the title saying what the card is for. */
  help?: string;
  children: ReactNode;
  gap?: MantineSpacing;
  p?: PaperProps['p'];
  /** A <section> named by its title (a page of several cards a reader moves between). */
  section?: boolean;
  testId?: string;
}

/** A bordered card with a level-2 title, and a line of help, above its content (settings, preferences, users). */
export function TitledCard({ title, help, children, gap = 'md', p = { base: 'md', sm: 'lg' }, section = false, testId }: TitledCardProps) {
  return (
    <Paper withBorder radius="lg" p={p} component={section ? 'section' : 'div'} aria-label={section ? title : undefined} data-testid={testId}>
      <Stack gap={gap}>
        <TitleWithHelp title={title} help={help} />
        {children}
      </Stack>
    </Paper>
  );
}
