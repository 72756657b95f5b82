import { Alert, Anchor, Badge, Button, FileInput, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCSV } from '@/lib/api';
import { previewImport, rejectedPreview, useCommitImport } from '../api/import';
import type { ImportError, ImportPreview } from '../api/types';
import { formatQty } from '../lib/format';
import { useInventoryToasts } from '../lib/use-toasts';
import { importDone, importSummary } from '../lib/import-text';

/** A chosen file's text (FileReader works in every browser and test DOM). */
function readText(f: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error);
    r.readAsText(f);
  });
}

/** The translated text of an import error, by its code; the server's English as a fallback. */
function useImportErrorText() {
  const { t } = useTranslation();
  return (e: ImportError) =>
    t(`inventory.import.errors.${e.code}`, { field: e.field ? t(`inventory.import.columns.${e.field}`, { defaultValue: e.field }) : '', defaultValue: e.message });
}

/**
 * CSV import of items and opening stock: pick a file, see every row's errors, and
 * import only when none is left (all rows or none).
 */
export function ImportForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const toasts = useInventoryToasts();
  const errorText = useImportErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string>('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewing = useMutation({ mutationFn: previewImport, onSuccess: setPreview, onError: toasts.fail });
  const commit = useCommitImport();

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    if (!f) return;
    const text = await readText(f);
    setCsv(text);
    previewing.mutate(text);
  };

  const doImport = () =>
    commit.mutate(csv, {
      onSuccess: (r) => {
        toasts.ok(importDone(t, i18n.language, r.items_created, r.batches_created));
        onDone();
      },
      onError: (err) => {
        const p = rejectedPreview(err);
        if (p) setPreview(p);
        toasts.fail(err);
      },
    });

  const badRows = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm">{t('inventory.import.intro')}</Text>
      <Anchor component="button" type="button" size="sm" onClick={() => void downloadCSV('/api/inventory/import/template.csv').catch(toasts.fail)}>
        {t('inventory.import.template')}
      </Anchor>
      <FileInput
        label={t('inventory.import.file')}
        placeholder={t('inventory.import.choose')}
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => void choose(f)}
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        clearable
      />
      {previewing.isPending && <Text size="sm">{t('inventory.import.checking')}</Text>}
      {preview && (
        <Stack gap="xs" aria-live="polite">
          {preview.valid ? (
            <Alert color="teal" variant="light" title={t('inventory.import.ready')}>
              {importSummary(t, i18n.language, preview.rows.length, preview.items_to_create, preview.batches_to_create)}
            </Alert>
          ) : (
            <Alert color="red" variant="light" title={t('inventory.import.notReady')}>
              {preview.errors.length > 0 ? (
                <List size="sm">
                  {preview.errors.map((e, i) => (
                    <List.Item key={i}>{errorText(e)}</List.Item>
                  ))}
                </List>
              ) : (
                t('inventory.import.rowsWithErrors', { count: preview.rows_with_errors, n: formatQty(preview.rows_with_errors, i18n.language), rows: formatQty(preview.rows.length, i18n.language) })
              )}
            </Alert>
          )}
          {badRows.length > 0 && (
            <ScrollArea.Autosize mah={280}>
              <Table striped withTableBorder fz="sm" aria-label={t('inventory.import.errorsTable')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('inventory.import.line')}</Table.Th>
                    <Table.Th>{t('inventory.fields.sku')}</Table.Th>
                    <Table.Th>{t('inventory.import.problems')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {badRows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{formatQty(r.line, i18n.language)}</Table.Td>
                      <Table.Td>{r.sku}</Table.Td>
                      <Table.Td>
                        {r.errors.map((e, i) => (
                          <Text key={i} size="sm" c="red">
                            {errorText(e)}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {preview.valid && (
            <Group gap="xs">
              <Badge variant="light">{t('inventory.import.newItems', { count: preview.items_to_create, n: formatQty(preview.items_to_create, i18n.language) })}</Badge>
              <Badge variant="light" color="teal">{t('inventory.import.newBatches', { count: preview.batches_to_create, n: formatQty(preview.batches_to_create, i18n.language) })}</Badge>
            </Group>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('inventory.actions.cancel')}
        </Button>
        <Button onClick={doImport} disabled={!preview?.valid} loading={commit.isPending}>
          {t('inventory.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
