import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconFileTypePdf, IconFileZip, IconPhoto, IconRestore, IconTable, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerTable } from '@/components/server-table';
import { formatDateTime, intlLocale, numberFormat } from '@/lib/format';
import type { ServerTablePaging } from '@/lib/use-server-table';
import { isPreviewable, type DocumentRecord } from '../api/types';
import { formatBytes, linkHref } from '../lib/format';
import { IconAction } from '@/components/icon-action';

export { PAGE_SIZES } from '@/components/server-table';

/** What a document is linked to, by name, as a link to its place when that is known. */
function DocLink({ d }: { d: DocumentRecord }) {
  const { t, i18n } = useTranslation();
  // An id in the language's digits, without grouping ('#677', '#۶۷۷').
  const id = d.link_id == null ? '' : numberFormat(intlLocale(i18n.language), { useGrouping: false }).format(d.link_id);
  const text = d.link_label ? t(`documents.linksNamed.${d.link_kind}`, { label: d.link_label }) : t(`documents.links.${d.link_kind}`, { id });
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
  /** The page, size and sort, kept in the address (see the docs route). */
  paging: ServerTablePaging<DocumentRecord>;
  fetching: boolean;
  trash: boolean;
  timeZone: string;
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
      title: t('documents.fields.name'),
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
      title: t('documents.fields.type'),
      sortable: true,
      visibleMediaQuery: md,
      render: (d) => (
        <Badge variant="light" h="auto" py={2} styles={{ root: { textTransform: 'none', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}>
          {t(`documents.types.${d.type}`)}
        </Badge>
      ),
    },
    { accessor: 'size', title: t('documents.fields.size'), sortable: true, textAlign: 'right', noWrap: true, visibleMediaQuery: md, render: (d) => formatBytes(d.size, lng) },
    { accessor: 'uploaded_by', title: t('documents.fields.uploadedBy'), sortable: true, visibleMediaQuery: lg, render: (d) => d.uploaded_by_name },
    {
      accessor: p.trash ? 'deleted_at' : 'uploaded_at',
      title: p.trash ? t('documents.fields.deletedAt') : t('documents.fields.uploadedAt'),
      sortable: true,
      noWrap: true,
      visibleMediaQuery: md,
      render: (d) => formatDateTime(p.trash ? d.deleted_at : d.uploaded_at, lng, p.timeZone),
    },
  ];
  if (p.trash) {
    columns.push(
      { accessor: 'deleted_by_name', title: t('documents.fields.deletedBy'), visibleMediaQuery: lg },
      { accessor: 'purge_at', title: t('documents.fields.purgeAt'), noWrap: true, visibleMediaQuery: lg, render: (d) => formatDateTime(d.purge_at, lng, p.timeZone) },
    );
  }
  columns.push({
    accessor: 'actions',
    title: <span aria-hidden />,
    textAlign: 'right',
    render: (d) =>
      p.trash ? (
        <IconAction label={t('documents.actions.restore')} name={t('documents.actions.restoreFile', { name: d.name })} icon={IconRestore} onClick={() => p.onRestore(d)} />
      ) : (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {(isPreviewable(d) || d.content_type === 'application/zip') && (
            <IconAction label={t('documents.actions.preview')} name={t('documents.actions.previewFile', { name: d.name })} icon={IconEye} onClick={() => p.onPreview(d)} />
          )}
          <IconAction label={t('documents.actions.download')} name={t('documents.actions.downloadFile', { name: d.name })} icon={IconDownload} onClick={() => p.onDownload(d)} />
          <IconAction label={t('documents.actions.delete')} name={t('documents.actions.deleteFile', { name: d.name })} icon={IconTrash} color="red" onClick={() => p.onDelete(d)} />
        </Group>
      ),
  });

  return (
    <ServerTable<DocumentRecord>
      {...p.paging}
      records={p.records}
      total={p.total}
      fetching={p.fetching}
      label={p.trash ? t('documents.trash.label') : t('documents.table.label')}
      empty={p.trash ? t('documents.trash.empty') : t('documents.table.empty')}
      perPageLabel={t('documents.table.perPage')}
      rangeKey="documents.table.range"
      controlsKey="documents.table"
      columns={columns}
    />
  );
}
