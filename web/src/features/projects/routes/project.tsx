import '../strings';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkedDocuments } from '@/features/docs';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { STATUS_COLORS, useProject } from '../api/projects';
import { ProgressCard } from '../components/progress-card';
import { ProjectForm } from '../components/project-form';
import { todayIn } from '../lib/today';

/** /projects/:id: one project, its progress, and the production and shipments done for it. */
export default function ProjectPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const id = Number(useParams().id);
  const q = useProject(id);
  const settings = usePublicSettings();
  const today = todayIn(settings.data?.time_zone ?? 'America/Chicago');
  const [editing, setEditing] = useState(false);
  const n = (v: number) => formatNumber(v, lng);
  const p = q.data;

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
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
          {t('projects.detail.edit')}
        </Button>
      }
    >
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
              <Text size="sm">{t('projects.detail.dates', { start: p.start_date, due: p.due_date })}</Text>
              <Text size="sm">{t('projects.detail.target', { target: n(p.target_units), unit: p.product_unit, product: p.product_name, sku: p.product_sku })}</Text>
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
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="sm">
              {t('projects.detail.production')}
            </Title>
            {p.production.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('projects.detail.noProduction')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table fz="sm" aria-label={t('projects.detail.production')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('projects.detail.date')}</Table.Th>
                      <Table.Th>{t('projects.detail.line')}</Table.Th>
                      <Table.Th ta="end">{t('projects.detail.units')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.production.map((e) => (
                      <Table.Tr key={e.id} c={e.reversed ? 'dimmed' : undefined}>
                        <Table.Td>
                          {e.date} {String(e.hour).padStart(2, '0')}:00
                        </Table.Td>
                        <Table.Td>{e.line_name}</Table.Td>
                        <Table.Td ta="end" td={e.reversed ? 'line-through' : undefined}>
                          {n(e.units)}
                          {e.reversed && (
                            <Badge ml="xs" size="xs" color="gray">
                              {t('projects.detail.reversed')}
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="sm">
              {t('projects.detail.shipments')}
            </Title>
            {p.shipments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('projects.detail.noShipments')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table fz="sm" aria-label={t('projects.detail.shipments')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('projects.detail.number')}</Table.Th>
                      <Table.Th>{t('projects.detail.date')}</Table.Th>
                      <Table.Th>{t('projects.detail.destination')}</Table.Th>
                      <Table.Th ta="end">{t('projects.detail.units')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
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
                        <Table.Td>{s.ship_date}</Table.Td>
                        <Table.Td>{s.destination}</Table.Td>
                        <Table.Td ta="end">{n(s.units)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Grid.Col>
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
