import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders, setupI18n } from '@/test/render';
import DateField from './date-field';

function InADialog() {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState<string | null>('2026-11-20');
  return (
    <Modal opened={open} onClose={() => setOpen(false)} title="Receive stock">
      <DateField label="Expires" value={value} onChange={setValue} />
    </Modal>
  );
}

describe('the date field', () => {
  it('closes only its calendar on Escape, not the dialog it is in', async () => {
    await setupI18n('gb');
    renderWithProviders(<InADialog />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Expires'));
    expect(await screen.findByRole('button', { name: /20 November 2026/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /20 November 2026/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Receive stock' })).toBeInTheDocument();
    // With the calendar closed, Escape closes the dialog as ever.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
