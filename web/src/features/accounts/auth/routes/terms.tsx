import '../strings';
import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { usePublicSettingsOnce } from '../lib/public-settings';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';

const SECTIONS = ['purpose', 'account', 'data', 'conduct', 'ending', 'changes'] as const;

/** /auth/terms: the terms of use every account accepts at signup. */
export default function TermsPage() {
  const { t } = useTranslation();
  const settings = usePublicSettingsOnce();
  const org = settings?.organisation_name ?? 'Packline';
  return (
    <AuthCard title={t('auth.termsOfUse')} subtitle={t('signup.terms.intro', { org })}>
      <Stack gap="md">
        {SECTIONS.map((s) => (
          <Stack key={s} gap={4}>
            <Title order={2} fz="md">
              {t(`signup.terms.${s}Title`)}
            </Title>
            <Text size="sm">{t(`signup.terms.${s}`, { org })}</Text>
          </Stack>
        ))}
        {settings?.support_email && (
          <List size="sm">
            <List.Item>
              {t('signup.terms.contact')}{' '}
              <Anchor href={`mailto:${settings.support_email}`} inherit>
                {settings.support_email}
              </Anchor>
            </List.Item>
          </List>
        )}
      </Stack>
      <Button component={AuthLink} to={paths.auth.signup.getHref()} variant="light" fullWidth>
        {t('auth.createAccount')}
      </Button>
    </AuthCard>
  );
}
