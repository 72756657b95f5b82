import { Paper, Stack, Text, type MantineSpacing, type PaperProps, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { TitleWithHelp } from './title-with-help';

interface TitledCardProps {
  title: string;
  /** A line under the title saying what the card is for. */
  help?: string;
  /** Shown dimmed in place of the content when there is nothing to show; false or absent: the content. */
  empty?: string | false;
  children: ReactNode;
  gap?: MantineSpacing;
  p?: PaperProps['p'];
  /** A <section> named by its title (a page of several cards a reader moves between). */
  section?: boolean;
  /** A smaller card among others (a detail page's tables, a report's sections): less padding, a smaller title. */
  compact?: boolean;
  /** The title's heading level: 2, or 3 under a page's own level-2 headings. */
  order?: TitleOrder;
  className?: string;
  testId?: string;
}

/** A bordered card with a title, and a line of help, above its content (settings, preferences, users, a project, a report). */
export function TitledCard({ title, help, empty, children, gap, p, section = false, compact = false, order = 2, className, testId }: TitledCardProps) {
  return (
    <Paper
      withBorder
      radius={compact ? 'md' : 'lg'}
      p={p ?? (compact ? 'md' : { base: 'md', sm: 'lg' })}
      component={section ? 'section' : 'div'}
      aria-label={section ? title : undefined}
      className={className}
      data-testid={testId}
    >
      <Stack gap={gap ?? (compact ? 'sm' : 'md')}>
        <TitleWithHelp title={title} help={help} order={order} size={compact ? 'h5' : 'h4'} />
        {empty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
