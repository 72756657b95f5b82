import '../strings';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconLock, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListTable } from '@/components/list-table';
import { TitledCard } from '@/components/titled-card';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkedDocuments } from '@/features/documents';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { STATUS_COLORS, useProject, type ProjectDetail } from '../api/projects';
import { ProgressCard } from '../components/progress-card';
import { ProjectInvoices } from '../components/project-invoices';
import { ProjectForm } from '../components/project-form';
import { todayIn } from '@/lib/org-time';
import { formatQuantity } from '@/lib/units';
import { useRecordCrumb } from '@/lib/use-document-title';

interface ProductionDay {
  date: string;
  lines: string[];
  units: number; // reversed entries left out, as in the progress
  reversed: number; // how many entries were reversed
}

/** A project's production entries as one row per day, newest first. */
function byDay(entries: ProjectDetail['production']): ProductionDay[] {
  const days = new Map<string, ProductionDay>();
  for (const e of entries) {
    const d = days.get(e.date) ?? { date: e.date, lines: [], units: 0, reversed: 0 };
    if (!d.lines.includes(e.line_name)) d.lines.push(e.line_name);
    if (e.reversed) d.reversed += 1;
    else d.units += e.units;
    days.set(e.date, d);
  }
  return [...days.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** /projects/:id: one project, its progress, and the production and shipments done for it. */
export default function ProjectPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const id = Number(useParams().id);
  const q = useProject(id);
  const settings = usePublicSettings();
  const today = todayIn(settings.data?.time_zone ?? 'America/Chicago');
  const [editing, setEditing] = useState(false);
  const { role } = useSession();
  const n = (v: number) => formatNumber(v, lng);
  const p = q.data;
  const days = useMemo(() => byDay(p?.production ?? []), [p]);
  useRecordCrumb(p?.name);

  if (!p) {
    return (
      <PageFrame title={t('nav.project')}>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <Text c="dimmed">{t('common.loading')}</Text>
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={p.name}
      description={t('projects.detail.for', { client: p.client_name, product: p.product_name })}
      actions={
        <Group gap="xs">
          <Button component={Link} to={paths.app.projectImpact.getHref(p.id)} variant="light" leftSection={<IconChartBar size={16} aria-hidden />}>
            {t('projects.detail.impact')}
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {t('projects.detail.edit')}
          </Button>
        </Group>
      }
    >
      {p.recalls.length > 0 && (
        <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="project-recalls"
          title={t('projects.detail.recalled', { count: p.recalls.length, n: formatNumber(p.recalls.length, i18n.language) })}>
          <Group gap="sm">
            {p.recalls.map((r) => (
              <Anchor key={r.id} component={Link} to={paths.app.recall.getHref(r.id)} fw={600}>
                {r.number}
              </Anchor>
            ))}
          </Group>
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProgressCard project={p} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge color={STATUS_COLORS[p.status]}>{t(`projects.status.${p.status}`)}</Badge>
              </Group>
              <Text size="sm">{t('projects.detail.dates', { start: formatCalendarDate(p.start_date, i18n.language), due: formatCalendarDate(p.due_date, i18n.language) })}</Text>
              <Text size="sm">{t('projects.detail.target', { target: formatQuantity(p.target_units, p.product_unit, t, i18n.language), product: p.product_name, sku: p.product_sku })}</Text>
              <Text size="sm">{t('projects.detail.owner', { name: p.owner_name || '—' })}</Text>
              <Text size="sm">{t('projects.detail.team', { names: p.team.map((m) => m.name).join(', ') || '—' })}</Text>
              {p.notes && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {p.notes}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TitledCard compact title={t('projects.detail.production')} empty={p.production.length === 0 && t('projects.detail.noProduction')}>
            <ScrollArea.Autosize mah={420}>
              <ListTable
                aria-label={t('projects.detail.production')}
                columns={[t('projects.detail.date'), t('projects.detail.line'), { label: t('projects.detail.units'), end: true }]}
              >
                {days.map((d) => (
                  <Table.Tr key={d.date}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(d.date, i18n.language)}</Table.Td>
                    <Table.Td>{d.lines.join(', ')}</Table.Td>
                    <Table.Td ta="end">
                      {n(d.units)}
                      {d.reversed > 0 && (
                        <Badge ml="xs" size="xs" color="gray" style={{ textTransform: 'none' }}>
                          {t('projects.detail.reversedCount', { count: d.reversed })}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </ScrollArea.Autosize>
          </TitledCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TitledCard compact title={t('projects.detail.shipments')} empty={p.shipments.length === 0 && t('projects.detail.noShipments')}>
            <ListTable
              minWidth={360}
              aria-label={t('projects.detail.shipments')}
              columns={[
                t('projects.detail.number'),
                t('projects.detail.date'),
                t('projects.detail.destination'),
                { label: t('projects.detail.units'), end: true },
              ]}
            >
              {p.shipments.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.app.shippingLog.path} size="sm">
                      {s.number}
                    </Anchor>{' '}
                    <Badge size="xs" variant="light" color={s.status === 'cancelled' ? 'gray' : s.status === 'planned' ? 'blue' : 'teal'}>
                      {t(`projects.shipmentStatus.${s.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatCalendarDate(s.ship_date, i18n.language)}</Table.Td>
                  <Table.Td>{s.destination}</Table.Td>
                  <Table.Td ta="end">{n(s.units)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </TitledCard>
        </Grid.Col>
        {role === 'admin' && (
          <Grid.Col span={12}>
            <ProjectInvoices projectId={p.id} />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <LinkedDocuments linkKind="project" linkId={p.id} />
        </Grid.Col>
      </Grid>
      {editing && (
        <ProjectForm
          project={p}
          today={today}
          onClose={() => setEditing(false)}
          onError={(err) => void notify('danger', errorMessage(err, t), t('projects.toast.failed'))}
          onSaved={(saved) => {
            notify('success', t('projects.toast.saved', { name: saved.name }));
            setEditing(false);
          }}
        />
      )}
    </PageFrame>
  );
}
