import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the settings page. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
