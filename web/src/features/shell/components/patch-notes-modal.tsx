import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format';
import { PATCH_NOTE_KEYS, PATCH_NOTES_LATEST_DATE } from './patch-notes-data';
import patchNotes from 'virtual:english/patchNotes';
import { addEnglish } from '@/i18n/english';

// The patch notes' English comes with the modal, not with every first load (src/i18n/english.ts).
addEnglish({ patchNotes });

/** The Patch Notes modal (SPEC §1): the latest update date and its notes. Loaded on first open. */
export default function PatchNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('patchNotes.title')}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="patch-notes-date">
          {t('patchNotes.latestUpdate', { date: formatLongDate(PATCH_NOTES_LATEST_DATE, i18n.language, 'UTC') })}
        </Text>
        <List
          spacing="sm"
          center
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {PATCH_NOTE_KEYS.map((key) => (
            <List.Item key={key}>{t(`patchNotes.notes.${key}`)}</List.Item>
          ))}
        </List>
        <Button onClick={onClose} variant="light" style={{ alignSelf: 'flex-end' }}>
          {t('common.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
