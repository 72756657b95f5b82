import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The card every /auth page sits in: title, subtitle, content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Paper w="100%" maw={440} p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder shadow="sm">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
