import '../strings';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLinkError, PublicPage, usePublicRecord } from '@/components/public-link/public-link';
import { publicApi, type ResponseOf } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ImpactReportView } from '../components/impact-report';

type Report = ResponseOf<'/api/public/impact/{token}', 'get'>;

const loadReport = (token: string, signal: AbortSignal) => publicApi.get('/api/public/impact/{token}', { path: { token }, signal });

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
  const q = usePublicRecord<Report>(token, loadReport);
  const r = q?.data;
  useDocumentTitle(r ? `${t('impact.title')} · ${r.scope.name}` : t('impact.title'));
  if (!q) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (!r) return <PublicLinkError error={q.error} titles={TITLES} unknownTitle="impact.public.unknownTitle" testId="public-impact-error" />;
  return (
    <PublicPage maw={1200} note={t('impact.public.sharedBy', { org: r.organisation_name })} printLabel={t('impact.print')} noPrintClass="impact-no-print">
      <ImpactReportView report={r} />
    </PublicPage>
  );
}
