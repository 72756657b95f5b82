import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface PageFrameProps {
  /** Translated page title, shown as the page's only h1 and in the tab title. */
  title: string;
  /** Translated one-line description under the title. */
  description?: string;
  /** Buttons on the title row. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every signed-in screen: title, description, optional actions, content. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
