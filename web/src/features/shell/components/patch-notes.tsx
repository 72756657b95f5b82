import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PatchNotesModal = lazy(() => import('./patch-notes-modal'));

/** The navbar's Patch Notes button; its modal loads the first time it opens. */
export function PatchNotesButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    open();
  };
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconSparkles size={18} aria-hidden />}
        onClick={show}
        visibleFrom="lg"
        aria-haspopup="dialog"
      >
        {t('navbar.patchNotes')}
      </Button>
      <Button
        variant="subtle"
        color="gray"
        px={8}
        onClick={show}
        hiddenFrom="lg"
        aria-label={t('navbar.patchNotes')}
        title={t('navbar.patchNotes')}
        aria-haspopup="dialog"
      >
        <IconSparkles size={20} aria-hidden />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <PatchNotesModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
