import { Text, Title, type TitleOrder, type TitleSize } from '@mantine/core';
import type { ReactNode } from 'react';

/** A title (level 2 unless `order` says otherwise) and, when there is one, a line of help under it (in a Stack, as its first children). */
export function TitleWithHelp({ title, help, id, order = 2, size = 'h4' }: { title: ReactNode; help?: ReactNode; id?: string; order?: TitleOrder; size?: TitleSize }) {
  return (
    <>
      <Title order={order} size={size} id={id}>
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
