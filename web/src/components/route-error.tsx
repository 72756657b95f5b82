import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a route fails to load (for instance a page chunk after a new release).
 * Offers a reload, which fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          {t('errors.pageFailedTitle')}
        </Title>
        <Text c="dimmed">{t('errors.pageFailedText')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
