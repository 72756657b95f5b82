import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconFileTypePdf, IconFileZip, IconPhoto, IconRestore, IconTable, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '@/lib/format';
import { isPreviewable, type DocumentRecord } from '../api/types';
import { formatBytes, linkHref } from '../lib/format';

export const PAGE_SIZES = [10, 25, 50, 100];

/** What a document is linked to, by name, as a link to its place when that is known. */
function DocLink({ d }: { d: DocumentRecord }) {
  const { t } = useTranslation();
  const text = d.link_label ? t(`docs.linksNamed.${d.link_kind}`, { label: d.link_label }) : t(`docs.links.${d.link_kind}`, { id: d.link_id });
  const href = linkHref(d);
  if (!href) {
    return (
      <Text size="xs" c="dimmed" data-testid="doc-link" dir="auto">
        {text}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={href} size="xs" data-testid="doc-link" dir="auto" style={{ display: 'block' }}>
      {text}
    </Anchor>
  );
}

function FileIcon({ type }: { type: string }) {
  const Icon = type === 'application/pdf' ? IconFileTypePdf : type.startsWith('image/') ? IconPhoto : type.includes('zip') ? IconFileZip : type.startsWith('text/csv') || type.includes('sheet') ? IconTable : IconFile;
  return <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />;
}

export interface DocumentsTableProps {
  records: DocumentRecord[];
  total: number;
  page: number;
  pageSize: number;
  sort: DataTableSortStatus<DocumentRecord>;
  fetching: boolean;
  trash: boolean;
  timeZone: string;
  onPageChange: (p: number) => void;
  onPageSizeChange: (s: number) => void;
  onSortChange: (s: DataTableSortStatus<DocumentRecord>) => void;
  onPreview: (d: DocumentRecord) => void;
  onDownload: (d: DocumentRecord) => void;
  onDelete: (d: DocumentRecord) => void;
  onRestore: (d: DocumentRecord) => void;
}

/** Documents, searched, filtered, sorted and paged on the server; in trash mode, what admins can restore. */
export function DocumentsTable(p: DocumentsTableProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const md = (theme: { breakpoints: { md: string } }) => `(min-width: ${theme.breakpoints.md})`;
  const lg = (theme: { breakpoints: { lg: string } }) => `(min-width: ${theme.breakpoints.lg})`;
  const columns: DataTableColumn<DocumentRecord>[] = [
    {
      accessor: 'name',
      title: t('docs.fields.name'),
      sortable: true,
      render: (d) => (
        <Group gap={8} wrap="nowrap">
          <FileIcon type={d.content_type} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} dir="auto" style={{ wordBreak: 'break-word' }}>
              {d.name}
            </Text>
            {d.link_kind && <DocLink d={d} />}
          </div>
        </Group>
      ),
    },
    {
      accessor: 'type',
      title: t('docs.fields.type'),
      sortable: true,
      visibleMediaQuery: md,
      render: (d) => (
        <Badge variant="light" h="auto" py={2} styles={{ root: { textTransform: 'none', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}>
          {t(`docs.types.${d.type}`)}
        </Badge>
      ),
    },
    { accessor: 'size', title: t('docs.fields.size'), sortable: true, textAlign: 'right', noWrap: true, visibleMediaQuery: md, render: (d) => formatBytes(d.size, lng) },
    { accessor: 'uploaded_by', title: t('docs.fields.uploadedBy'), sortable: true, visibleMediaQuery: lg, render: (d) => d.uploaded_by_name },
    {
      accessor: p.trash ? 'deleted_at' : 'uploaded_at',
      title: p.trash ? t('docs.fields.deletedAt') : t('docs.fields.uploadedAt'),
      sortable: true,
      noWrap: true,
      visibleMediaQuery: md,
      render: (d) => formatDateTime(p.trash ? d.deleted_at : d.uploaded_at, lng, p.timeZone),
    },
  ];
  if (p.trash) {
    columns.push(
      { accessor: 'deleted_by_name', title: t('docs.fields.deletedBy'), visibleMediaQuery: lg },
      { accessor: 'purge_at', title: t('docs.fields.purgeAt'), noWrap: true, visibleMediaQuery: lg, render: (d) => formatDateTime(d.purge_at, lng, p.timeZone) },
    );
  }
  columns.push({
    accessor: 'actions',
    title: <span aria-hidden />,
    textAlign: 'right',
    render: (d) =>
      p.trash ? (
        <Tooltip label={t('docs.actions.restore')}>
          <ActionIcon variant="subtle" aria-label={t('docs.actions.restoreFile', { name: d.name })} onClick={() => p.onRestore(d)}>
            <IconRestore size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {(isPreviewable(d) || d.content_type === 'application/zip') && (
            <Tooltip label={t('docs.actions.preview')}>
              <ActionIcon variant="subtle" aria-label={t('docs.actions.previewFile', { name: d.name })} onClick={() => p.onPreview(d)}>
                <IconEye size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('docs.actions.download')}>
            <ActionIcon variant="subtle" aria-label={t('docs.actions.downloadFile', { name: d.name })} onClick={() => p.onDownload(d)}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('docs.actions.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('docs.actions.deleteFile', { name: d.name })} onClick={() => p.onDelete(d)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
  });

  return (
    <DataTable<DocumentRecord>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={p.records.length ? undefined : 180}
      records={p.records}
      fetching={p.fetching}
      idAccessor="id"
      aria-label={p.trash ? t('docs.trash.label') : t('docs.table.label')}
      noRecordsText={p.trash ? t('docs.trash.empty') : t('docs.table.empty')}
      loadingText={t('common.loading')}
      totalRecords={p.total}
      page={p.page}
      onPageChange={p.onPageChange}
      recordsPerPage={p.pageSize}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={p.onPageSizeChange}
      recordsPerPageLabel={t('docs.table.perPage')}
      paginationText={({ from, to, totalRecords }) =>
        t('docs.table.range', { from: formatNumber(from, lng), to: formatNumber(to, lng), total: formatNumber(totalRecords, lng) })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': t(`docs.table.${control}Page`) })}
      sortStatus={p.sort}
      onSortStatusChange={p.onSortChange}
      columns={columns}
    />
  );
}
