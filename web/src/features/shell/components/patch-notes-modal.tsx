import releases from 'virtual:changelog';
import { Accordion, Badge, Button, Group, List, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChangelogRelease } from '@/lib/changelog';
import { formatLongDate } from '@/lib/format';
import { loadNamespaces } from '@/i18n';
import { languageOf } from '@/i18n/languages';

// The modal's strings (namespace `patchNotes`) load with it, in the reader's language.
await loadNamespaces('patchNotes');

/** Keep a Changelog's section headings that have a translation (others show as written). */
const HEADINGS = ['added', 'changed', 'deprecated', 'removed', 'fixed', 'security'];

/** A release's notes: each section's translated heading over its items. */
function Notes({ release, icons }: { release: ChangelogRelease; icons?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {release.sections
        .filter((s) => s.items.length > 0)
        .map((s) => {
          const key = s.heading.toLowerCase();
          return (
            <Stack gap={6} key={s.heading}>
              <Title order={3} size="h5">
                {HEADINGS.includes(key) ? t(`patchNotes.sections.${key}`) : s.heading}
              </Title>
              <List
                spacing="xs"
                size="sm"
                icon={
                  icons ? (
                    <ThemeIcon size={20} radius="xl" variant="light">
                      <IconCheck size={12} aria-hidden />
                    </ThemeIcon>
                  ) : undefined
                }
              >
                {s.items.map((item) => (
                  <List.Item key={item} dir="ltr">
                    {item}
                  </List.Item>
                ))}
              </List>
            </Stack>
          );
        })}
    </Stack>
  );
}

/**
 * The Patch Notes modal (SPEC §1): the latest release's date and notes, the releases before it
 * below, all from Packline's own CHANGELOG.md (virtual:changelog, built in). Loaded on first open.
 */
export default function PatchNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const dated = releases.filter((r) => r.date);
  const [latest, ...older] = dated;
  const day = (date: string) => formatLongDate(`${date}T12:00:00Z`, lng, 'UTC');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('patchNotes.title')}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {latest && (
          <>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="patch-notes-date">
                {t('patchNotes.latestUpdate', { date: day(latest.date!) })}
              </Text>
              <Badge variant="light">{t('patchNotes.version', { version: latest.version })}</Badge>
            </Group>
            {languageOf(lng) !== 'gb' && (
              <Text size="xs" c="dimmed">
                {t('patchNotes.inEnglish')}
              </Text>
            )}
            <div data-testid="patch-notes-latest">
              <Notes release={latest} icons />
            </div>
          </>
        )}
        {older.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h5" c="dimmed">
              {t('patchNotes.earlier')}
            </Title>
            <Accordion variant="separated" radius="md" data-testid="patch-notes-earlier">
              {older.map((r) => (
                <Accordion.Item key={r.version} value={r.version}>
                  <Accordion.Control>{t('patchNotes.release', { version: r.version, date: day(r.date!) })}</Accordion.Control>
                  <Accordion.Panel>
                    <Notes release={r} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        )}
        <Button onClick={onClose} variant="light" style={{ alignSelf: 'flex-end' }}>
          {t('common.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
