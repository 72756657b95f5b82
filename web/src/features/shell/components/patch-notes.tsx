import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format';

/** Date of the latest update (SPEC §1): August 15, 2025. Noon UTC, so it is that day everywhere. */
export const PATCH_NOTES_LATEST_DATE = '2025-08-15T12:00:00Z';

/** The notes of that update, as locale keys under patchNotes.notes (SPEC §1, in order). */
export const PATCH_NOTE_KEYS = [
  'uiUpdates',
  'batchGrouping',
  'subtractionFix',
  'trialBanner',
  'hourlyBatches',
  'showsBatches',
] as const;

/** The navbar's Patch Notes button and its modal. */
export function PatchNotesButton() {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconSparkles size={18} aria-hidden />}
        onClick={open}
        visibleFrom="lg"
        aria-haspopup="dialog"
      >
        {t('navbar.patchNotes')}
      </Button>
      <Button
        variant="subtle"
        color="gray"
        px={8}
        onClick={open}
        hiddenFrom="lg"
        aria-label={t('navbar.patchNotes')}
        title={t('navbar.patchNotes')}
        aria-haspopup="dialog"
      >
        <IconSparkles size={20} aria-hidden />
      </Button>
      <Modal opened={opened} onClose={close} title={t('patchNotes.title')} centered radius="lg" size="md" closeButtonProps={{ 'aria-label': t('common.close') }}>
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
          <Button onClick={close} variant="light" style={{ alignSelf: 'flex-end' }}>
            {t('common.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
