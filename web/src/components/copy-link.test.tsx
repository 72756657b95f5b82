import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setupI18n } from '@/test/render';
import { CopyLink } from './copy-link';

const url = 'http://192.168.1.20:8080/auth/signup?invitation=tok-abc';

/** Takes the clipboard away, as a page served over plain http has none; the next setup() brings a stub back. */
function withoutClipboard() {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
}

describe('CopyLink', () => {
  beforeAll(() => setupI18n('gb'));

  it('copies the link to the clipboard and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyLink url={url} label="Invitation link" />);
    expect(screen.getByLabelText('Invitation link')).toHaveValue(url);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('selects the link and says to press Ctrl+C where there is no clipboard', async () => {
    const user = userEvent.setup();
    withoutClipboard();
    renderWithProviders(<CopyLink url={url} label="Invitation link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the link is selected, press Ctrl+C');
    const field = screen.getByLabelText<HTMLInputElement>('Invitation link');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
  });

  it('falls back the same way when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    renderWithProviders(<CopyLink url={url} label="Invoice link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the link is selected, press Ctrl+C');
    expect(screen.getByLabelText<HTMLInputElement>('Invoice link').selectionEnd).toBe(url.length);
  });

  it("counts the browser's own copy of the selection as copied", async () => {
    const user = userEvent.setup();
    withoutClipboard();
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    try {
      renderWithProviders(<CopyLink url={url} label="Invitation link" />);
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');
      expect(exec).toHaveBeenCalledWith('copy');
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
