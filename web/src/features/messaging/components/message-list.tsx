import { ActionIcon, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSessionState } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useOrgTimeZone } from '@/lib/org-time';
import { EDIT_WINDOW_MS, useDeleteMessage, useEditMessage, type Message } from '../api/chat';
import classes from './chat.module.css';

/** The text with each @mention set apart. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(@[\p{L}\p{N}_.-]+)/u);
  return (
    <Text size="sm" className={classes.text} dir="auto">
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <span key={i} className={classes.mention}>
            {p}
          </span>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </Text>
  );
}

function MessageItem({ m, mine, now, onDelete }: { m: Message; mine: boolean; now: number; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useOrgTimeZone();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(m.text);
  const edit = useEditMessage();
  const changeable = mine && !m.deleted && now - new Date(m.created_at).getTime() < EDIT_WINDOW_MS;
  const save = () => {
    const text = draft.trim();
    if (!text) return;
    edit.mutate({ id: m.id, text }, { onSuccess: () => setEditing(false) });
  };
  return (
    <li className={classes.message} data-testid="chat-message">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={700}>
            {mine ? t('chat.you') : m.author.name}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={m.created_at}>{formatDateTime(m.created_at, i18n.language, timeZone)}</time>
            {m.edited_at && !m.deleted && ` · ${t('chat.edited')}`}
          </Text>
        </Group>
        {changeable && !editing && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('chat.edit')} title={t('chat.edit')} onClick={() => setEditing(true)}>
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('chat.delete')} title={t('chat.delete')} onClick={onDelete}>
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {m.deleted ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('chat.deleted')}
        </Text>
      ) : editing ? (
        <Stack gap={6} mt={4}>
          <Textarea
            aria-label={t('chat.edit')}
          rows={3}
          resize="vertical"
            maxLength={4000}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                save();
              } else if (e.key === 'Escape') {
                setEditing(false);
              }
            }}
            error={edit.error ? errorMessage(edit.error, t) : undefined}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="compact-sm" onClick={save} loading={edit.isPending} disabled={!draft.trim()}>
              {t('chat.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <MessageText text={m.text} />
      )}
    </li>
  );
}

interface MessageListProps {
  topicName: string;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The conversation, oldest at the top; it follows new messages when scrolled to the bottom. */
export function MessageList({ topicName, messages, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const { t } = useTranslation();
  const me = useSessionState().user?.id ?? null;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<number | null>(null);
  const heightBefore = useRef(0);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const del = useDeleteMessage();
  // The clock the edit window is judged by, ticking while the topic is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);

  // New messages at the end: stay at the bottom if the reader was there. Older ones at the
  // top: keep the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    if (firstId.current !== null && first !== null && first < firstId.current) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    firstId.current = first;
    heightBefore.current = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    atBottom.current = true;
    firstId.current = null;
  }, [topicName]);

  return (
    <div
      className={classes.scroll}
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        heightBefore.current = el.scrollHeight;
      }}
      role="log"
      aria-label={t('chat.messages', { topic: topicName })}
      tabIndex={0}
    >
      {hasOlder && (
        <Group justify="center" mb="xs">
          <Button variant="subtle" size="compact-sm" onClick={onLoadOlder} loading={loadingOlder}>
            {t('chat.loadOlder')}
          </Button>
        </Group>
      )}
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {t('chat.noMessages')}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((m) => (
            <MessageItem key={m.id} m={m} mine={m.author.id === me} now={now} onDelete={() => setToDelete(m)} />
          ))}
        </ul>
      )}
      {loadingOlder && messages.length === 0 && <Loader size="sm" />}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('chat.deleteTitle')}
        body={del.error ? errorMessage(del.error, t) : t('chat.deleteText')}
        confirmLabel={t('chat.delete')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={del.isPending}
        onConfirm={() => toDelete && del.mutate(toDelete, { onSuccess: () => setToDelete(null) })}
        onClose={() => {
          setToDelete(null);
          del.reset();
        }}
      />
    </div>
  );
}
