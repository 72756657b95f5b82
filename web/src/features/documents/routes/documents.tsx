import '../strings';
import '../styles';
import { Card, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { toSearchParams } from '@/lib/api';
import { useSession, useSessionState } from '@/lib/auth/use-session';
import { usePublicSettings } from '@/lib/public-settings';
import { documentListQuery, useDocuments, type DocumentListParams } from '../api/get-documents';
import { useTrash } from '../api/get-trash';
import { LINK_KINDS, type DocumentRecord } from '../api/types';
import { DocumentsTable, PAGE_SIZES } from '../components/documents-table';
import { DocActionDialogs } from '../components/doc-action-dialogs';
import { TypeSelect } from '../components/type-select';
import { UploadPanel } from '../components/upload-panel';
import { useDocActions } from '../lib/use-doc-actions';
import { DateField } from '@/components/date-field';
import { QueryError, showsTable } from '@/components/query-error';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the list's state from the URL, so filters survive reloads and the back button. */
function useListParams(): [DocumentListParams & { view: 'documents' | 'trash' }, (patch: Partial<DocumentListParams> & { view?: string }) => void] {
  const [sp, setSp] = useSearchParams();
  const num = (k: string) => (sp.get(k) ? Number(sp.get(k)) : undefined);
  const view = sp.get('view') === 'trash' ? 'trash' : 'documents';
  const params = {
    view,
    search: sp.get('search') ?? '',
    type: sp.get('type') ?? undefined,
    linkKind: sp.get('link_kind') ?? undefined,
    uploadedBy: num('uploaded_by'),
    from: DATE.test(sp.get('from') ?? '') ? sp.get('from')! : undefined,
    to: DATE.test(sp.get('to') ?? '') ? sp.get('to')! : undefined,
    sort: sp.get('sort') ?? (view === 'trash' ? 'deleted_at' : 'uploaded_at'),
    order: sp.get('order') === 'asc' ? 'asc' : 'desc',
    page: num('page') ?? 1,
    pageSize: PAGE_SIZES.includes(num('page_size') ?? 0) ? num('page_size') : 25,
  } as const;
  const update = (patch: Partial<DocumentListParams> & { view?: string }) => {
    const { view: nextView = view, ...rest } = patch;
    const next = toSearchParams(documentListQuery({ ...params, page: 1, ...rest }));
    if (nextView === 'trash') next.set('view', 'trash');
    setSp(next, { replace: true });
  };
  return [params, update];
}

/** /docs: upload, find, preview, download and delete documents; admins see the trash and restore. */
export default function DocsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const me = useSessionState().user?.id ?? undefined;
  const isAdmin = role === 'admin';
  const timeZone = usePublicSettings().data?.time_zone ?? 'America/Chicago';
  const [params, update] = useListParams();
  const trash = isAdmin && params.view === 'trash';
  const [search, setSearch] = useState(params.search ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const { view: _view, ...query } = params;
  const live = useDocuments(query, !trash);
  const trashed = useTrash(query, trash);
  const list = trash ? trashed : live;
  const actions = useDocActions();

  useEffect(() => {
    if ((params.search ?? '') !== debounced) update({ search: debounced });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const sort: DataTableSortStatus<DocumentRecord> = { columnAccessor: params.sort ?? 'uploaded_at', direction: params.order ?? 'desc' };

  return (
    <PageFrame title={t('nav.docs')} description={t('pages.docs.description')}>
      <Stack gap="md">
        {!trash && (
          <Card withBorder radius="md" padding="md">
            <UploadPanel />
          </Card>
        )}
        <Group gap="sm" align="flex-end" wrap="wrap">
          {isAdmin && (
            <SegmentedControl
              aria-label={t('documents.view.label')}
              value={trash ? 'trash' : 'documents'}
              onChange={(v) => update({ view: v, sort: undefined, order: undefined })}
              data={[
                { value: 'documents', label: t('documents.view.documents') },
                { value: 'trash', label: t('documents.view.trash') },
              ]}
            />
          )}
          <TextInput
            label={t('documents.filters.search')}
            placeholder={t('documents.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 240 }}
          />
          <TypeSelect
            label={t('documents.fields.type')}
            placeholder={t('documents.filters.any')}
            clearable
            allowDeselect
            value={params.type ?? null}
            onChange={(v) => update({ type: v ?? undefined })}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('documents.filters.linkedTo')}
            placeholder={t('documents.filters.any')}
            clearable
            value={params.linkKind ?? null}
            onChange={(v) => update({ linkKind: v ?? undefined })}
            data={LINK_KINDS.map((k) => ({ value: k, label: t(`documents.linkKinds.${k}`) }))}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label={t('documents.filters.uploadedBy')}
            value={params.uploadedBy && params.uploadedBy === me ? 'me' : 'anyone'}
            onChange={(v) => update({ uploadedBy: v === 'me' ? me : undefined })}
            allowDeselect={false}
            data={[
              { value: 'anyone', label: t('documents.filters.anyone') },
              { value: 'me', label: t('documents.filters.me') },
            ]}
            w={{ base: '100%', xs: 150 }}
          />
          <DateField label={t('documents.filters.from')} clearable value={params.from} onChange={(v) => update({ from: v || undefined })} w={{ base: '47%', xs: 170 }} />
          <DateField label={t('documents.filters.to')} clearable value={params.to} onChange={(v) => update({ to: v || undefined })} w={{ base: '47%', xs: 170 }} />
        </Group>
        <QueryError query={list} />
        {showsTable(list) && (
          <DocumentsTable
            records={list.data?.documents ?? []}
            total={list.data?.total ?? 0}
            paging={{
              page: params.page ?? 1,
              pageSize: params.pageSize ?? 25,
              sort,
              onPageChange: (page) => update({ page }),
              onPageSizeChange: (pageSize) => update({ pageSize }),
              onSortChange: (s) => update({ sort: String(s.columnAccessor), order: s.direction, page: params.page }),
            }}
            fetching={list.isFetching && !list.data}
            trash={trash}
            timeZone={timeZone}
            onPreview={actions.preview}
            onDownload={actions.download}
            onDelete={actions.remove}
            onRestore={actions.restore}
          />
        )}
      </Stack>
      <DocActionDialogs actions={actions} />
    </PageFrame>
  );
}
