import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setupI18n } from '@/test/render';
import { Keypad, localDigits } from './keypad';

describe('the PIN pad', () => {
  it('shows Persian digits in Persian and types 0–9 all the same', async () => {
    await setupI18n('ir');
    const typed: string[] = [];
    renderWithProviders(<Keypad onDigit={(d) => typed.push(d)} onBackspace={() => {}} onClear={() => {}} disabled={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '۷' }));
    await user.click(screen.getByRole('button', { name: '۰' }));
    expect(typed).toEqual(['7', '0']);
    expect(screen.queryByRole('button', { name: '7' })).not.toBeInTheDocument();
  });

  it('writes a countdown in the language', () => {
    expect(localDigits('0:59', 'ir')).toBe('۰:۵۹');
    expect(localDigits('0:59', 'gb')).toBe('0:59');
  });
});
