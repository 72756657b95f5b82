import { Avatar, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/use-session';

/**
 * Current visitors (SPEC §1). Live presence comes with the chat update; until then it
 * shows only what is certain: the user looking at it.
 */
export function VisitorsCard() {
  const { t } = useTranslation();
  const { userName, pfp } = useSession();
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon variant="light" radius="md" size={36} color="teal">
            <IconUsers size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h5">
            {t('dashboard.visitors')}
          </Title>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Avatar color={pfp.color} variant="filled" radius="xl" size={32} aria-hidden>
            {pfp.initials}
          </Avatar>
          <Text size="sm" fw={600}>
            {userName}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('dashboard.visitorsEmpty')}
        </Text>
      </Stack>
    </Paper>
  );
}
