import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAllLines } from '../api/get-lines';
import { useUpdateLine } from '../api/mutations';
import type { Line } from '../api/types';
import { productionError } from '../lib/format';
import { LineForm } from './line-form';

/** One line's row: its name and hourly target edited in place, saved together; archive or restore. */
function LineRow({ line, onArchive }: { line: Line; onArchive: (l: Line) => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(line.name);
  const [target, setTarget] = useState<number | ''>(line.hourly_target ?? '');
  const update = useUpdateLine();
  const dirty = name.trim() !== line.name || (target === '' ? null : target) !== line.hourly_target;
  return (
    <Table.Tr data-testid={`line-row-${line.id}`}>
      <Table.Td>
        <TextInput
          aria-label={t('production.lines.nameOf', { name: line.name })}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={line.archived}
          maxLength={100}
          size="xs"
          error={update.error ? productionError(update.error, t, i18n.language) : undefined}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t('production.lines.targetOf', { name: line.name })}
          value={target}
          onChange={(v) => setTarget(typeof v === 'number' ? v : '')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={line.archived}
          size="xs"
          w={120}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {line.archived ? (
            <Badge variant="light" color="gray">
              {t('production.lines.archived')}
            </Badge>
          ) : (
            <Button
              size="xs"
              disabled={!dirty || !name.trim()}
              loading={update.isPending}
              onClick={() => update.mutate({ id: line.id, name: name.trim(), hourly_target: target === '' ? null : target })}
            >
              {t('common.save')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => onArchive(line)}>
            {line.archived ? t('production.lines.restore') : t('production.lines.archive')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Lines management: add a line, rename it, set its hourly target, archive or restore it. */
export function LinesManager({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lines = useAllLines();
  const update = useUpdateLine();
  const [archiving, setArchiving] = useState<Line | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={t('production.lines.manage')} size="xl">
      <Stack>
        <LineForm />
        {lines.isPending && <Text>{t('common.loading')}</Text>}
        {lines.isError && <Alert color="red">{productionError(lines.error, t, i18n.language)}</Alert>}
        {lines.data && lines.data.length === 0 && <Text c="dimmed">{t('production.lines.none')}</Text>}
        {lines.data && lines.data.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('production.lines.title')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('production.lines.name')}</Table.Th>
                  <Table.Th>{t('production.lines.target')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.data.map((l) => (
                  <LineRow key={`${l.id}:${l.name}:${l.hourly_target}:${l.archived}`} line={l} onArchive={setArchiving} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={archiving != null}
        title={archiving?.archived ? t('production.lines.restoreTitle', { name: archiving?.name }) : t('production.lines.archiveTitle', { name: archiving?.name })}
        body={archiving?.archived ? t('production.lines.restoreBody') : t('production.lines.archiveBody')}
        confirmLabel={archiving?.archived ? t('production.lines.restore') : t('production.lines.archive')}
        cancelLabel={t('common.cancel')}
        loading={update.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => {
          if (!archiving) return;
          update.mutate({ id: archiving.id, archived: !archiving.archived }, { onSuccess: () => setArchiving(null) });
        }}
      />
    </Modal>
  );
}
