import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useUpdateName } from '../api/account';
import { Section } from './section';

/** Name (PATCH /api/user/name), email and member since. */
export function ProfileSection() {
  const { t } = useTranslation();
  const { userName, email, memberSince } = useSession();
  const [name, setName] = useState(userName);
  const [nameError, setNameError] = useState<string | null>(null);
  const updateName = useUpdateName();

  function submitName(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(t('preferences.nameRequired'));
      return;
    }
    setNameError(null);
    updateName.mutate(name.trim(), {
      onSuccess: () => void notify('success', t('preferences.nameSaved')),
      onError: (err) => void notify('danger', errorMessage(err, t)),
    });
  }

  return (
    <Section title={t('preferences.profile')}>
      <form onSubmit={submitName}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('preferences.name')}
              description={t('preferences.nameHelp')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              autoComplete="name"
              maw={420}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={updateName.isPending}>
              {t('common.save')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} component="dl" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('preferences.email')}
              </Text>
              <Text component="dd" m={0} fw={600} dir="ltr" ta="start">
                {email}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('preferences.memberSince')}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {memberSince}
              </Text>
            </div>
          </SimpleGrid>
        </Stack>
      </form>
    </Section>
  );
}
