import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/use-session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard: greets the signed-in user. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { userName, memberSince } = useSession();
  useDocumentTitle(t('nav.dashboard'));
  return (
    <Stack gap={4}>
      <Title order={1}>{t('dashboard.greeting', { name: userName })}</Title>
      {memberSince && <Text c="dimmed">{t('dashboard.memberSince', { date: memberSince })}</Text>}
    </Stack>
  );
}
