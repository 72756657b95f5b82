import '../strings';
import { Accordion, ActionIcon, Alert, Badge, Button, Chip, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { currentLanguage } from '@/i18n';
import { LANGUAGE_INFO } from '@/i18n/languages';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { TOPICS, useDeleteFaq, useFaq, useOrderFaq, type FaqShown, type FaqTopic } from '../api/faq';
import { FaqEditor } from '../components/faq-editor';
import classes from './faq.module.css';

/**
 * /faq: questions and answers on using Packline, in the user's language where written
 * (else English, marked), searched on the server; admins add, edit, reorder and delete.
 */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const { role } = useSession();
  const isAdmin = role === 'admin';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [topic, setTopic] = useState<FaqTopic | ''>('');
  const q = useFaq(lang, debounced, topic);
  const entries = q.data?.entries ?? [];
  const filtered = debounced !== '' || topic !== '';
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<FaqShown | null>(null);
  const remove = useDeleteFaq();
  const order = useOrderFaq();

  const move = (index: number, by: -1 | 1) => {
    const ids = entries.map((e) => e.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids, { onError: (err) => void notify('danger', errorMessage(err, t)) });
  };

  return (
    <PageFrame
      title={t('nav.faq')}
      description={t('pages.faq.description')}
      actions={
        isAdmin && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })}>
            {t('faq.add')}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('faq.searchPlaceholder')}
          aria-label={t('faq.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={200}
          data-testid="faq-search"
        />
        <Chip.Group multiple={false} value={topic || 'all'} onChange={(v) => setTopic(v === 'all' ? '' : (v as FaqTopic))}>
          <Group gap={6} role="radiogroup" aria-label={t('faq.topic')}>
            <Chip value="all" size="sm" variant="light">
              {t('faq.topics.all')}
            </Chip>
            {TOPICS.map((x) => (
              <Chip key={x} value={x} size="sm" variant="light">
                {t(`faq.topics.${x}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>

      {q.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={52} radius="md" />
          ))}
        </Stack>
      ) : q.isError ? (
        <Alert color="red" role="alert" title={t('faq.loadFailed')}>
          <Group gap="sm">
            <Text size="sm">{errorMessage(q.error, t)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void q.refetch()}>
              {t('faq.retry')}
            </Button>
          </Group>
        </Alert>
      ) : entries.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={600}>{filtered ? t('faq.noMatch') : t('faq.empty')}</Text>
          {filtered && (
            <Text size="sm" c="dimmed">
              {t('faq.noMatchHint')}
            </Text>
          )}
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" data-testid="faq-count">
            {t('faq.count', { count: entries.length, n: formatNumber(entries.length, i18n.language) })}
          </Text>
          <Accordion multiple variant="separated" radius="md" classNames={{ content: classes.content }} data-testid="faq-list">
            {entries.map((e, index) => {
              const english = e.fallback ? LANGUAGE_INFO.gb : null;
              return (
                <Accordion.Item key={e.id} value={String(e.id)} data-testid="faq-entry">
                  <Accordion.Control lang={english ? 'en-GB' : undefined} dir={english ? 'ltr' : undefined}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text fw={600}>{e.question}</Text>
                      {english && (
                        <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }} data-testid="faq-fallback">
                          {english.nativeName}
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {english && (
                      <Text size="xs" c="dimmed" mb="xs">
                        {t('faq.inEnglish')}
                      </Text>
                    )}
                    <Text size="sm" className={classes.answer} lang={english ? 'en-GB' : undefined} dir={english ? 'ltr' : undefined}>
                      {e.answer}
                    </Text>
                    {isAdmin && (
                      <Group gap="xs" mt="md" justify="flex-end">
                        {!filtered && (
                          <>
                            <ActionIcon
                              variant="default"
                              aria-label={t('faq.moveUp', { question: e.question })}
                              title={t('faq.moveUpShort')}
                              disabled={index === 0 || order.isPending}
                              onClick={() => move(index, -1)}
                            >
                              <IconArrowUp size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="default"
                              aria-label={t('faq.moveDown', { question: e.question })}
                              title={t('faq.moveDownShort')}
                              disabled={index === entries.length - 1 || order.isPending}
                              onClick={() => move(index, 1)}
                            >
                              <IconArrowDown size={16} aria-hidden />
                            </ActionIcon>
                          </>
                        )}
                        <Button variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing({ id: e.id })}>
                          {t('faq.edit')}
                        </Button>
                        <Button
                          variant="light"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setDeleting(e)}
                        >
                          {t('faq.delete')}
                        </Button>
                      </Group>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
          {isAdmin && filtered && (
            <Text size="xs" c="dimmed">
              {t('faq.reorderHint')}
            </Text>
          )}
        </>
      )}

      {isAdmin && <FaqEditor opened={editing != null} id={editing?.id ?? null} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting != null}
        title={t('faq.deleteTitle')}
        body={t('faq.deleteBody', { question: deleting?.question ?? '' })}
        confirmLabel={t('faq.delete')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              void notify('success', t('faq.deleted'));
              setDeleting(null);
            },
            onError: (err) => void notify('danger', errorMessage(err, t)),
          })
        }
      />
    </PageFrame>
  );
}
