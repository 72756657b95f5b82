import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { usePostMessage } from '../api/chat';

/** The message box: Enter or Send sends, Shift+Enter starts a new line. */
export function Composer({ topicId, topicName }: { topicId: number; topicName: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const post = usePostMessage(topicId);
  const send = () => {
    const body = text.trim();
    if (!body || post.isPending) return;
    post.mutate(body, { onSuccess: () => setText('') });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Textarea
          aria-label={t('chat.placeholder', { topic: topicName })}
          placeholder={t('chat.placeholder', { topic: topicName })}
          rows={2}
          resize="vertical"
          maxLength={4000}
          style={{ flex: 1 }}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          error={post.error ? errorMessage(post.error, t) : undefined}
          data-testid="chat-input"
        />
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
