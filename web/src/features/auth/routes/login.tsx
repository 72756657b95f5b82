import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, safeRedirectTarget } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginForm } from '../components/login-form';

/** /auth/login: after signing in the user lands on `?redirect=` (same-origin paths only). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('auth.loginTitle'));

  return (
    <Paper w="100%" maw={420} p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder shadow="sm">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {t('auth.loginTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.loginSubtitle')}
          </Text>
        </Stack>
        <LoginForm onSuccess={() => navigate(safeRedirectTarget(params.get('redirect')), { replace: true })} />
        <Text size="sm" ta="center">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to={paths.auth.signup.getHref()} fw={600}>
            {t('auth.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
