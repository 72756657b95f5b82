import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@/components/brand/logo';
import { HOME_PATH } from '@/config/paths';
import { supportMailto, usePublicSettings } from '@/lib/public-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { QueryProvider } from '@/components/query-provider';
import notFound from 'virtual:english/notFound';
import { addEnglish } from '@/i18n/english';

// The 404 page's English comes with it, not with every first load (src/i18n/english.ts).
addEnglish({ notFound });

/** /404: title, a request to message support (with the support link), back to the dashboard. */
function NotFound() {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const mailto = supportMailto(settings);
  useDocumentTitle(t('notFound.title'));
  return (
    <Center component="main" id="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <LogoMark size={48} />
        <Text fz={72} fw={900} lh={1} c="dimmed" aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">
          {mailto ? (
            <Trans
              i18nKey="notFound.text"
              values={{ email: settings?.support_email }}
              components={{ supportLink: <Anchor href={mailto} data-testid="support-link" /> }}
            />
          ) : (
            t('notFound.textNoEmail')
          )}
        </Text>
        <Button component={Link} to={HOME_PATH} leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-rtl" />}>
          {t('notFound.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}

export default function NotFoundPage() {
  return (
    <QueryProvider>
      <NotFound />
    </QueryProvider>
  );
}
