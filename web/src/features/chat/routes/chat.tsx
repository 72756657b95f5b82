import { Button, Group, Paper, Textarea } from '@mantine/core';
import { IconMessages, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /chat: topics and messages arrive with the chat feature; the composer is shown, disabled. */
export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.chat')} description={t('pages.chat.description')}>
      <ComingSoon icon={IconMessages} text={t('pages.chat.empty')} />
      <Paper withBorder radius="lg" p="md">
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            aria-label={t('pages.chat.placeholder')}
            placeholder={t('pages.chat.placeholder')}
            autosize
            minRows={1}
            maxRows={4}
            style={{ flex: 1 }}
            disabled
          />
          <Button rightSection={<IconSend size={16} aria-hidden className="mirror-rtl" />} disabled>
            {t('pages.chat.send')}
          </Button>
        </Group>
      </Paper>
    </PageFrame>
  );
}
