import '../impact-strings';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, publicApi, type ResponseOf } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ImpactReportView } from '../impact/impact-report';

type Report = ResponseOf<'/api/public/impact/{token}', 'get'>;

/** GET /api/public/impact/{token}, once per token (a page of its own: no query cache). */
function usePublicImpact(token: string) {
  const [state, setState] = useState<{ token: string; data?: Report; error?: unknown } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    publicApi.get('/api/public/impact/{token}', { path: { token }, signal: ctl.signal }).then(
      (data) => setState({ token, data }),
      (error: unknown) => !ctl.signal.aborted && setState({ token, error }),
    );
    return () => ctl.abort();
  }, [token]);
  return state?.token === token ? state : null;
}

const TITLES: Record<string, string> = {
  'impact.link_revoked': 'impact.public.revokedTitle',
  'impact.link_expired': 'impact.public.expiredTitle',
};

/**
 * /impact-link/:token: the report a sponsor was given, read-only, without signing in,
 * and nothing else (no navigation, no other record). A page of the light public entry
 * (auth.html), so a sponsor downloads neither the office app nor its shell.
 */
export default function PublicImpactPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const q = usePublicImpact(token);
  const r = q?.data;
  useDocumentTitle(r ? `${t('impact.title')} · ${r.scope.name}` : t('impact.title'));
  if (!q) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (!r) {
    const code = q.error instanceof ApiError ? q.error.body?.code : undefined;
    return (
      <Box maw={720} mx="auto" py="xl" px="md" component="main" id="main">
        <Alert color={code && TITLES[code] ? 'orange' : 'red'} variant="light" role="alert" data-testid="public-impact-error"
          title={t((code && TITLES[code]) || 'impact.public.unknownTitle')}>
          {errorMessage(q.error, t)}
        </Alert>
      </Box>
    );
  }
  return (
    <Box maw={1200} mx="auto" py={{ base: 'sm', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }} component="main" id="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" className="impact-no-print">
          <Text size="sm" c="dimmed">
            {t('impact.public.sharedBy', { org: r.organisation_name })}
          </Text>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('impact.print')}
          </Button>
        </Group>
        <ImpactReportView report={r} />
      </Stack>
    </Box>
  );
}
