import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { useCreateTopic } from '../api/chat';
import { FormActions } from '@/components/form-actions';

/** "New topic": a name, then the topic opens. Everyone else is told "started a new topic". */
export function NewTopicButton({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateTopic();
  const close = () => {
    setOpened(false);
    setName('');
    create.reset();
  };
  const submit = () => {
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (topic) => {
        close();
        onCreated(topic.id);
      },
    });
  };
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('chat.newTopic')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('chat.newTopic')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('chat.topicName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              required
              data-autofocus
              error={create.error ? errorMessage(create.error, t) : undefined}
            />
            <FormActions onCancel={close} submitLabel={t('chat.create')} loading={create.isPending} disabled={!name.trim()} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
