import '../strings';
import { Alert, Anchor, Badge, Button, Card, Group, Pagination, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconPlus, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { SearchInput, ServerTable } from '@/components/server-table';
import { paths } from '@/config/paths';
import { enumValues } from '@/lib/api';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { STATUSES, STATUS_COLORS, useProjects, type Project, type ProjectListParams, type ProjectStatus } from '../api/projects';
import { ProjectForm } from '../components/project-form';
import { todayIn } from '@/lib/org-time';
import { formatQuantity } from '@/lib/units';

const PAGE_SIZES = [12, 24, 48];
type SortKey = NonNullable<ProjectListParams['sort']>;
const SORTS = enumValues<SortKey>()(['due_date', 'name', 'client', 'status', 'progress', 'start_date', 'created_at']);

/** Days left as a short phrase (null once completed or archived). */
function DaysLeft({ days }: { days: number | null }) {
  const { t } = useTranslation();
  if (days == null) return null;
  return (
    <Text size="xs" c={days < 0 ? 'red' : days <= 7 ? 'orange' : 'dimmed'}>
      {days < 0 ? t('projects.progress.overdue', { count: -days }) : days === 0 ? t('projects.progress.dueToday') : t('projects.progress.daysLeft', { count: days })}
    </Text>
  );
}

/** /projects: packing projects for partners, as cards or a table, searched, filtered, sorted and paged on the server. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const navigate = useNavigate();
  const { role } = useSession();
  const settings = usePublicSettings();
  const today = todayIn(settings.data?.time_zone ?? 'America/Chicago');
  const [view, setView] = useState<'cards' | 'table'>('cards');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const [sort, setSort] = useState<SortKey>('due_date');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(12);
  const [creating, setCreating] = useState(false);
  const q = useProjects({ search: debounced, status, sort, order, page, pageSize });
  const list = q.data?.projects ?? [];
  const total = q.data?.total ?? 0;
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('projects.toast.failed'));
  const resetPage = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };
  const n = (v: number) => formatNumber(v, lng);
  const tableSort: DataTableSortStatus<Project> = { columnAccessor: sort === 'client' ? 'client_name' : sort, direction: order };

  return (
    <PageFrame
      title={t('nav.projects')}
      description={t('pages.projects.description')}
      actions={
        <Group>
          {role === 'admin' && (
            <Button variant="default" component={Link} to={paths.app.payments.clients.path} leftSection={<IconAddressBook size={16} aria-hidden />}>
              {t('nav.clients')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('projects.new')}
          </Button>
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SearchInput minWidth={220} label={t('projects.filters.search')} value={search} onSearch={resetPage(setSearch)} />
          <Select
            label={t('projects.filters.status')}
            w={170}
            data={[{ value: '', label: t('projects.filters.open') }, ...STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) }))]}
            value={status}
            onChange={(v) => resetPage(setStatus)((v ?? '') as ProjectStatus | '')}
            allowDeselect={false}
          />
          <Select
            label={t('projects.filters.sort')}
            w={170}
            data={SORTS.map((s) => ({ value: s, label: t(`projects.sort.${s}`) }))}
            value={sort}
            onChange={(v) => v && resetPage(setSort)(v as SortKey)}
            allowDeselect={false}
          />
          <Button
            variant="default"
            onClick={() => resetPage(setOrder)(order === 'asc' ? 'desc' : 'asc')}
            aria-label={order === 'asc' ? t('projects.filters.ascending') : t('projects.filters.descending')}
            leftSection={order === 'asc' ? <IconSortAscending size={16} aria-hidden /> : <IconSortDescending size={16} aria-hidden />}
          >
            {order === 'asc' ? t('projects.filters.ascending') : t('projects.filters.descending')}
          </Button>
          <SegmentedControl
            aria-label={t('projects.view.label')}
            value={view}
            onChange={(v) => setView(v as 'cards' | 'table')}
            data={[
              { value: 'cards', label: t('projects.view.cards') },
              { value: 'table', label: t('projects.view.table') },
            ]}
          />
        </Group>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : view === 'table' ? (
          <ServerTable<Project>
            records={list}
            total={total}
            fetching={q.isFetching}
            label={t('projects.table')}
            empty={t('projects.empty')}
            perPageLabel={t('projects.perPage')}
            rangeKey="projects.range"
            pageSizes={PAGE_SIZES}
            page={page}
            onPageChange={setPage}
            pageSize={pageSize}
            onPageSizeChange={resetPage(setPageSize)}
            sort={tableSort}
            onSortChange={(s) => {
              const key = (s.columnAccessor === 'client_name' ? 'client' : s.columnAccessor) as SortKey;
              setSort(key);
              setOrder(s.direction);
              setPage(1);
            }}
            columns={[
              {
                accessor: 'name',
                title: t('projects.fields.name'),
                sortable: true,
                render: (p) => (
                  <Anchor component={Link} to={paths.app.project.getHref(p.id)} fw={600}>
                    {p.name}
                  </Anchor>
                ),
              },
              { accessor: 'client_name', title: t('projects.fields.client'), sortable: true },
              { accessor: 'product_name', title: t('projects.fields.product') },
              {
                accessor: 'progress',
                title: t('projects.fields.progress'),
                sortable: true,
                render: (p) => (
                  <Stack gap={2} miw={140}>
                    <Text size="xs">{t('projects.progress.short', { done: n(p.produced_units), target: n(p.target_units), shipped: n(p.shipped_units) })}</Text>
                    <Progress value={p.progress} size="sm" aria-label={t('projects.progress.produced')} />
                  </Stack>
                ),
              },
              { accessor: 'start_date', title: t('projects.fields.start'), sortable: true, noWrap: true },
              { accessor: 'due_date', title: t('projects.fields.due'), sortable: true, noWrap: true, render: (p) => (<Stack gap={0}><Text size="sm">{formatCalendarDate(p.due_date, i18n.language)}</Text><DaysLeft days={p.days_left} /></Stack>) },
              { accessor: 'status', title: t('projects.fields.status'), sortable: true, noWrap: true, render: (p) => <Badge color={STATUS_COLORS[p.status]}>{t(`projects.status.${p.status}`)}</Badge> },
            ]}
          />
        ) : (
          <Stack>
            {list.length === 0 ? (
              <Card withBorder radius="md" p="xl">
                <Text c="dimmed" ta="center">
                  {q.isLoading ? t('common.loading') : t('projects.empty')}
                </Text>
              </Card>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} aria-label={t('projects.cards')}>
                {list.map((p) => (
                  <Card key={p.id} withBorder radius="md" padding="md" component="article" aria-label={p.name}>
                    <Stack gap="xs">
                      <Group justify="space-between" align="flex-start" wrap="nowrap">
                        <Anchor component={Link} to={paths.app.project.getHref(p.id)} fw={600} dir="auto" lineClamp={2} style={{ minWidth: 0 }}>
                          {p.name}
                        </Anchor>
                        <Badge color={STATUS_COLORS[p.status]} style={{ flexShrink: 0 }}>
                          {t(`projects.status.${p.status}`)}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {p.client_name} · {p.product_name}
                      </Text>
                      <Text size="sm">{t('projects.progress.ofTarget', { done: n(p.produced_units), target: formatQuantity(p.target_units, p.product_unit, t, i18n.language), percent: n(p.progress) })}</Text>
                      <Progress value={p.progress} aria-label={t('projects.progress.produced')} />
                      <Progress value={p.shipped_progress} color="teal" size="sm" aria-label={t('projects.progress.shipped')} />
                      <Group justify="space-between">
                        <Text size="xs" c="dimmed">
                          {t('projects.progress.shippedShort', { shipped: n(p.shipped_units) })}
                        </Text>
                        <DaysLeft days={p.days_left} />
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            )}
            {total > pageSize && (
              <Group justify="center">
                <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={setPage} aria-label={t('projects.pages')} />
              </Group>
            )}
          </Stack>
        )}
      </Stack>
      {creating && (
        <ProjectForm
          project={null}
          today={today}
          onClose={() => setCreating(false)}
          onError={fail}
          onSaved={(p) => {
            notify('success', t('projects.toast.saved', { name: p.name }));
            setCreating(false);
            void navigate(paths.app.project.getHref(p.id));
          }}
        />
      )}
    </PageFrame>
  );
}
