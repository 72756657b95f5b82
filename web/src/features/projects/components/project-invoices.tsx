import { Anchor, Badge, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { intlLocale, numberFormat } from '@/lib/format';
import { useProjectInvoices } from '../api/projects';

const STATUS_COLORS = { draft: 'gray', sent: 'blue', paid: 'teal', void: 'red' } as const;

/** An amount in minor units of a currency, in the user's language. */
export function formatMoney(minor: number, currency: string, lng: string): string {
  const f = numberFormat(intlLocale(lng), { style: 'currency', currency });
  return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The invoices drafted from or for a project (admins: billing is theirs), with what is paid. */
export function ProjectInvoices({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const q = useProjectInvoices(projectId, true);
  const list = q.data?.invoices ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        {t('projects.invoices.title')}
      </Title>
      {q.isLoading ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('projects.invoices.empty')}{' '}
          <Anchor component={Link} to={paths.app.payments.billing.path} size="sm">
            {t('projects.invoices.toBilling')}
          </Anchor>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" aria-label={t('projects.invoices.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('projects.invoices.number')}</Table.Th>
                <Table.Th>{t('projects.invoices.status')}</Table.Th>
                <Table.Th ta="end">{t('projects.invoices.total')}</Table.Th>
                <Table.Th ta="end">{t('projects.invoices.paid')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((inv) => (
                <Table.Tr key={inv.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.app.payments.billing.path} size="sm">
                      {inv.number ?? t('projects.invoices.draft')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[inv.status]}>
                      {t(`projects.invoices.statuses.${inv.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="end">{formatMoney(inv.total_minor, inv.currency, lng)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(inv.paid_minor, inv.currency, lng)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
