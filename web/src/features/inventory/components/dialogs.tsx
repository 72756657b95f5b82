import { useTranslation } from 'react-i18next';
import { GuardedModal } from '@/components/guarded-modal';
import type { Batch, Item, Move } from '../api/types';
import { ImportForm } from './import-form';
import { ItemForm } from './item-form';
import { MoveForm } from './move-form';
import { ReceiveForm } from './receive-form';
import { UndoForm } from './undo-form';

/** Which inventory dialog is open, with what it acts on. */
export type InventoryDialog =
  | { kind: 'newItem' }
  | { kind: 'editItem'; item: Item }
  | { kind: 'receive'; item: Item; batch?: Batch }
  | { kind: 'adjust' | 'count'; batch: Batch; unit: string }
  | { kind: 'undo'; move: Move; unit: string }
  | { kind: 'import' }
  | null;

/** Renders the open dialog as a modal; each form calls onClose when done, and asks before it is cancelled with changes. */
export function InventoryDialogs({ dialog, onClose }: { dialog: InventoryDialog; onClose: () => void }) {
  const { t } = useTranslation();
  if (!dialog) return null;
  let title = '';
  let body: React.ReactNode = null;
  let size = 'md';
  switch (dialog.kind) {
    case 'newItem':
      title = t('inventory.dialogs.newItem');
      body = <ItemForm onDone={onClose} />;
      size = 'lg';
      break;
    case 'editItem':
      title = t('inventory.dialogs.editItem', { name: dialog.item.name });
      body = <ItemForm item={dialog.item} onDone={onClose} />;
      size = 'lg';
      break;
    case 'receive':
      title = t('inventory.dialogs.receive', { name: dialog.item.name });
      body = <ReceiveForm item={dialog.item} batch={dialog.batch} onDone={onClose} />;
      size = 'lg';
      break;
    case 'adjust':
      title = t('inventory.dialogs.adjust', { code: dialog.batch.code });
      body = <MoveForm mode="adjust" batch={dialog.batch} unit={dialog.unit} onDone={onClose} />;
      break;
    case 'count':
      title = t('inventory.dialogs.count', { code: dialog.batch.code });
      body = <MoveForm mode="count" batch={dialog.batch} unit={dialog.unit} onDone={onClose} />;
      break;
    case 'undo':
      title = t('inventory.dialogs.undo');
      body = <UndoForm move={dialog.move} unit={dialog.unit} onDone={onClose} />;
      break;
    case 'import':
      title = t('inventory.dialogs.import');
      body = <ImportForm onDone={onClose} />;
      size = 'xl';
      break;
  }
  return (
    // A form with input asks before Escape, a click outside or Cancel loses it.
    <GuardedModal opened onClose={onClose} title={title} size={size} centered>
      {body}
    </GuardedModal>
  );
}
