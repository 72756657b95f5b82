import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A level-2 title and, when there is one, a line of help under it (in a Stack, as its first children). */
export function TitleWithHelp({ title, help, id }: { title: ReactNode; help?: ReactNode; id?: string }) {
  return (
    <>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {help && (
        <Text size="sm" c="dimmed">
          {help}
        </Text>
      )}
    </>
  );
}
