import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { loadNamespaces } from '@/i18n';
import { renderWithProviders, setupI18n } from '@/test/render';
import { FormActions } from './form-actions';
import { GuardedModal, useChangedSinceOpen, useUnsavedChanges } from './guarded-modal';

/** A form inside the modal that reports its own changes, as the inventory dialogs' forms do. */
function NameForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  useUnsavedChanges(useChangedSinceOpen(name));
  return (
    <form>
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <FormActions onCancel={onDone} submitLabel="Save" />
    </form>
  );
}

/** A form that renders its own modal and says what it holds through `dirty`, as the partner form does. */
function OwnModalForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const dirty = useChangedSinceOpen(name);
  return (
    <GuardedModal opened onClose={onClose} dirty={dirty} title="Own">
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <FormActions onCancel={onClose} submitLabel="Save" />
    </GuardedModal>
  );
}

describe('a dialog that holds input', () => {
  beforeAll(async () => {
    await setupI18n('gb');
    await loadNamespaces('shell');
  });

  it('closes at once when nothing was typed, and asks on Cancel and on Escape once something was', async () => {
    let closed = 0;
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(
      <GuardedModal opened onClose={() => closed++} title="Item">
        <NameForm onDone={() => closed++} />
      </GuardedModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(closed).toBe(1);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(closed).toBe(1);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Rice');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    expect(closed).toBe(2);
    rerender(<></>);
  });

  it('asks for a form that renders its own modal', async () => {
    let closed = 0;
    const user = userEvent.setup();
    renderWithProviders(<OwnModalForm onClose={() => closed++} />);
    const dialog = await screen.findByRole('dialog', { name: 'Own' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Eastside');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(closed).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    expect(closed).toBe(1);
  });
});
