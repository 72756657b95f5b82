import { Button, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Title, useComputedColorScheme } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, isLanguage } from '@/i18n/languages';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useNavLayout, usePreferenceActions, type NavLayout, type ThemeChoice } from '@/lib/preferences';
import { useUpdateName, useUpdateTwoFactor } from '../api/account';
import { EmailSection } from '../components/email-section';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /preferences (profile): name, two-factor authentication, language, theme, navigation layout. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const { userName, email, memberSince, is2FAEnabled } = useSession();
  const [name, setName] = useState(userName);
  const [nameError, setNameError] = useState<string | null>(null);
  const updateName = useUpdateName();
  const updateTwoFactor = useUpdateTwoFactor();
  const { setLanguage, setTheme, setNavLayout } = usePreferenceActions();
  const scheme = useComputedColorScheme('light');
  const layout = useNavLayout();

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

  function toggleTwoFactor() {
    const next = !is2FAEnabled;
    updateTwoFactor.mutate(next, {
      onSuccess: () => void notify('success', next ? t('preferences.twoFactorEnabled') : t('preferences.twoFactorDisabled')),
      onError: (err) => void notify('danger', errorMessage(err, t)),
    });
  }

  return (
    <PageFrame title={t('nav.preferences')} description={t('pages.preferences.description')}>
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
      <EmailSection />

      <Section title={t('preferences.security')}>
        <Switch
          checked={is2FAEnabled}
          onChange={toggleTwoFactor}
          disabled={updateTwoFactor.isPending}
          label={t('preferences.twoFactor')}
          description={t('preferences.twoFactorHelp')}
          size="md"
        />
      </Section>

      <Section title={t('preferences.appearance')}>
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <NativeSelect
            label={t('common.language')}
            value={currentLanguage()}
            onChange={(e) => {
              const lng = e.currentTarget.value;
              if (isLanguage(lng)) setLanguage(lng);
            }}
            data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_INFO[lng].nativeName }))}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="theme-label">
              {t('preferences.theme')}
            </Text>
            <SegmentedControl
              aria-labelledby="theme-label"
              value={scheme}
              onChange={(v) => setTheme(v as ThemeChoice)}
              data={[
                { value: 'light', label: t('preferences.themeLight') },
                { value: 'dark', label: t('preferences.themeDark') },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="layout-label">
              {t('dashboard.navLayout')}
            </Text>
            <SegmentedControl
              aria-labelledby="layout-label"
              value={layout}
              onChange={(v) => setNavLayout(v as NavLayout)}
              data={[
                { value: 'side', label: t('dashboard.navLayoutSide') },
                { value: 'top', label: t('dashboard.navLayoutTop') },
              ]}
            />
          </Stack>
        </SimpleGrid>
      </Section>
    </PageFrame>
  );
}
