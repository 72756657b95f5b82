import '../strings';
import { Alert, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { flatten, useChatLive, useMarkTopicRead, useMessages, useTopics } from '../api/chat';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';
import { NewTopicButton } from '../components/new-topic';
import { TopicList } from '../components/topic-list';
import classes from '../components/chat.module.css';

/** /chat: topics and their messages, live; ?topic= opens one. */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  useChatLive();
  const topics = useTopics();
  const list = useMemo(() => topics.data ?? [], [topics.data]);
  const asked = Number(params.get('topic')) || null;
  const selected = asked ?? list[0]?.id ?? null;
  const topic = list.find((x) => x.id === selected) ?? null;
  const messages = useMessages(topic ? topic.id : null);
  const shown = useMemo(() => flatten(messages.data), [messages.data]);
  const markRead = useMarkTopicRead();
  const newest = shown.length > 0 ? shown[shown.length - 1].id : 0;

  // Reading a topic marks it read up to its newest message, live ones included.
  const { mutate } = markRead;
  useEffect(() => {
    if (topic && newest > topic.last_read_id) mutate({ topicId: topic.id, messageId: newest });
  }, [topic, newest, mutate]);

  const select = (id: number) => setParams({ topic: String(id) }, { replace: false });

  return (
    <PageFrame title={t('nav.chat')} description={t('pages.chat.description')} actions={<NewTopicButton onCreated={select} />}>
      {topics.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : topics.isError ? (
        <Alert color="red">{t('chat.topicsFailed')}</Alert>
      ) : (
        <div className={classes.layout}>
          <Paper withBorder radius="lg" p="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {t('chat.topics')}
            </Text>
            <TopicList topics={list} selected={topic?.id ?? null} onSelect={select} />
          </Paper>
          <Paper withBorder radius="lg" className={classes.pane}>
            {!topic ? (
              <Stack align="center" justify="center" gap="xs" p="xl" style={{ flex: 1 }}>
                <IconMessages size={40} stroke={1.4} aria-hidden />
                <Text c="dimmed" size="sm" ta="center">
                  {list.length === 0 ? t('chat.noTopics') : t('chat.pickTopic')}
                </Text>
              </Stack>
            ) : (
              <>
                <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                  <Text fw={700}># {topic.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('chat.startedBy', { name: topic.created_by.name })}
                  </Text>
                </Box>
                {messages.isError ? (
                  <Alert color="red" m="md">
                    {t('chat.loadFailed')}
                  </Alert>
                ) : messages.isPending ? (
                  <Group justify="center" p="xl" style={{ flex: 1 }}>
                    <Loader size="sm" aria-label={t('common.loading')} />
                  </Group>
                ) : (
                  <MessageList
                    topicName={topic.name}
                    messages={shown}
                    hasOlder={messages.hasNextPage}
                    loadingOlder={messages.isFetchingNextPage}
                    onLoadOlder={() => void messages.fetchNextPage()}
                  />
                )}
                <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                  <Composer key={topic.id} topicId={topic.id} topicName={topic.name} />
                </Box>
              </>
            )}
          </Paper>
        </div>
      )}
    </PageFrame>
  );
}
