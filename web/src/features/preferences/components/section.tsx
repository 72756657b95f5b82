import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the preferences page. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The message of a field's error from an ApiError body, when it names that field. */
export function fieldError(err: unknown, field: string, message: string): string | null {
  const body = (err as { body?: { field?: string } } | null)?.body;
  return body?.field === field ? message : null;
}
