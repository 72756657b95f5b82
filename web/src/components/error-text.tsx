import { Text, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';

/** An error's translated message in red, announced to screen readers; nothing while there is no error. */
export function ErrorText({ error, size }: { error: unknown; size?: MantineSize }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Text size={size} c="red" role="alert">
      {errorMessage(error, t)}
    </Text>
  );
}
