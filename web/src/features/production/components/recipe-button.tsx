import '../strings';
import { Button, Modal } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecipeEditor } from './recipe-editor';

/** On a finished good's panel: opens its recipe (bill of materials) with every version. */
export function RecipeButton({ itemId, name }: { itemId: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconListDetails size={14} aria-hidden />} onClick={() => setOpen(true)}>
        {t('production.recipe.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('production.recipe.title', { name })} size="lg">
        {open && <RecipeEditor itemId={itemId} />}
      </Modal>
    </>
  );
}
