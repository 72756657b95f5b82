import { Badge, Box, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';
import type { Topic } from '../api/chat';
import classes from './chat.module.css';

interface TopicListProps {
  topics: Topic[];
  selected: number | null;
  onSelect: (id: number) => void;
}

/** The topics, most recently active first, each with its unread mark. */
export function TopicList({ topics, selected, onSelect }: TopicListProps) {
  const { t, i18n } = useTranslation();
  if (topics.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('chat.noTopics')}
      </Text>
    );
  }
  return (
    <Box component="ul" className={classes.topics} aria-label={t('chat.topics')} data-testid="chat-topics">
      {topics.map((topic) => (
        <li key={topic.id}>
          <UnstyledButton
            className={classes.topic}
            data-active={topic.id === selected || undefined}
            aria-current={topic.id === selected ? 'true' : undefined}
            onClick={() => onSelect(topic.id)}
          >
            <span aria-hidden>#</span>
            <span className={classes.topicName} dir="auto">
              {topic.name}
            </span>
            {topic.unread > 0 && topic.id !== selected && (
              <Badge size="sm" circle={topic.unread < 10} aria-label={t('chat.unread', { count: topic.unread })}>
                {formatCount(topic.unread, i18n.language)}
              </Badge>
            )}
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}
