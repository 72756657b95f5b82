import { DEFAULT_THEME } from '@mantine/core';
import { theme } from '@/app/theme';
import { AVATAR_COLORS, avatarColor } from './format';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('avatar colours', () => {
  it.each(AVATAR_COLORS)('%s reads at WCAG AA against white, both ways, and gets white initials', (color) => {
    const [name, shade] = color.split('.');
    const hex = DEFAULT_THEME.colors[name][Number(shade)];
    expect(contrastWithWhite(hex)).toBeGreaterThanOrEqual(4.5);
    // Below the threshold, Mantine's autoContrast writes white on the filled disc.
    expect(luminance(hex)).toBeLessThan(theme.luminanceThreshold ?? 0.3);
  });

  it('gives every name one of them, the same each time', () => {
    for (const name of ['Dana Okafor', 'Ana Almeida', 'Li Chen', 'Zoë Ñúñez', 'دانا', '王芳', 'demo@packline.local', '']) {
      expect(AVATAR_COLORS).toContain(avatarColor(name));
      expect(avatarColor(name)).toBe(avatarColor(name));
    }
  });
});
