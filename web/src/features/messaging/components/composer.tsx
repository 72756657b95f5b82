import { Button, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { usePeople, usePostMessage } from '../api/chat';
import { insertMention, matchPeople, mentionQuery, type MentionQuery } from '../lib/mention';
import classes from './chat.module.css';

/**
 * The message box: Enter or Send sends, Shift+Enter starts a new line; it grows with its text up to
 * six lines. Typing "@" and letters offers colleagues (up/down, Enter or Tab to choose, Escape to close).
 */
export function Composer({ topicId, topicName }: { topicId: number; topicName: string }) {
  const { t } = useTranslation();
  const me = useSessionState().user?.id ?? null;
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The "@" position whose list Escape closed: it stays closed until another mention starts.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [everTyped, setEverTyped] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const post = usePostMessage(topicId);
  const people = usePeople(everTyped);

  const mention: MentionQuery | null = mentionQuery(text, caret);
  const open = mention !== null && mention.start !== dismissed;
  const matches = open && mention ? matchPeople(people.data ?? [], mention.query, me) : [];
  const showList = open && matches.length > 0;
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  useLayoutEffect(() => {
    if (pendingCaret.current !== null && input.current) {
      input.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  });

  const update = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    setActive(0);
    if (!everTyped && value.includes('@')) setEverTyped(true);
    const m = mentionQuery(value, at);
    if (!m || m.start !== dismissed) setDismissed(null);
  };

  const choose = (index: number) => {
    const person = matches[index];
    if (!mention || !person) return;
    const next = insertMention(text, caret, mention, person.name);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    pendingCaret.current = next.caret;
    input.current?.focus();
  };

  const send = () => {
    const body = text.trim();
    if (!body || post.isPending) return;
    // Cleared at once, so what is typed while it is sent is kept; back if it was not sent.
    setText('');
    setCaret(0);
    post.mutate(body, { onError: () => setText((now) => (now === '' ? body : now)) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (showList) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + matches.length) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        choose(current);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissed(mention?.start ?? null);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <div className={classes.composerBox}>
          {showList && (
            <Paper id={listId} role="listbox" aria-label={t('chat.mentionList')} shadow="md" withBorder className={classes.mentions}>
              {matches.map((p, i) => (
                <UnstyledButton
                  key={p.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  tabIndex={-1}
                  className={classes.mentionOption}
                  data-active={i === current || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(i)}
                >
                  <Text size="sm" span>
                    <bdi>@{p.name}</bdi>
                  </Text>
                </UnstyledButton>
              ))}
            </Paper>
          )}
          <Textarea
            ref={input}
            aria-label={t('chat.placeholder', { topic: topicName })}
            placeholder={t('chat.placeholder', { topic: topicName })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={4000}
            value={text}
            onChange={(e) => update(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length)}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissed(mention?.start ?? null)}
            onFocus={() => setDismissed(null)}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={showList ? listId : undefined}
            aria-activedescendant={showList ? optionId(current) : undefined}
            error={post.error ? errorMessage(post.error, t) : undefined}
            data-testid="chat-input"
          />
        </div>
        <Button type="submit" loading={post.isPending} disabled={!text.trim()} rightSection={<IconSend size={16} aria-hidden className="mirror-rtl" />}>
          {t('chat.send')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('chat.hint')}
      </Text>
    </form>
  );
}
