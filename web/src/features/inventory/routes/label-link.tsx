import '../strings';
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useFoundBatches } from '../api/find-batches';
import { parseLabelPath } from '../scan/label-url';

/**
 * /b/{sku}/10/{code}/17/{YYMMDD} — a batch label's link (scan/label-url.ts), opened by a
 * phone's camera app or typed: the batch page of the batch it names. The signed-in area's
 * guard has already sent a signed-out visitor to the sign-in and back here.
 */
export default function LabelLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ref = parseLabelPath(pathname);
  const q = useFoundBatches(ref?.code ?? '', ref?.sku);
  const found = q.data;

  useEffect(() => {
    if (found?.length === 1) void navigate(paths.app.inventoryBatch.getHref(found[0].id), { replace: true });
  }, [found, navigate]);

  const search = ref ? (
    <Anchor component={Link} to={`${paths.app.inventory.path}?search=${encodeURIComponent(ref.code)}`}>
      {t('inventory.labelLink.search', { code: ref.code })}
    </Anchor>
  ) : null;
  if (!ref) {
    return (
      <Stack>
        <Text>{t('inventory.scan.notALabel')}</Text>
        <Anchor component={Link} to={paths.app.inventory.path}>
          {t('inventory.batch.back')}
        </Anchor>
      </Stack>
    );
  }
  if (q.isError) {
    return (
      <Stack>
        <Text c="red">{errorMessage(q.error, t)}</Text>
        {search}
      </Stack>
    );
  }
  if (!found || found.length === 1) return <Text>{t('inventory.labelLink.finding', { code: ref.code })}</Text>;
  return (
    <Stack>
      <Text>
        {found.length === 0
          ? ref.sku
            ? t('inventory.labelLink.notFound', { code: ref.code, sku: ref.sku })
            : t('inventory.labelLink.notFoundBare', { code: ref.code })
          : t('inventory.scan.several', { code: ref.code })}
      </Text>
      {found.map((b) => (
        <Anchor key={b.id} component={Link} to={paths.app.inventoryBatch.getHref(b.id)}>
          {b.item_name} · {b.item_sku} · {b.code}
        </Anchor>
      ))}
      {search}
    </Stack>
  );
}
