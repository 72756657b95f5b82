import {
  createTheme,
  localStorageColorSchemeManager,
  virtualColor,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';
import { setChoiceCookie, THEME_COOKIE } from '@/lib/choice-cookie';

/** Light theme primary: #154EC1 at shade 6 (SPEC §9). */
const brandLight: MantineColorsTuple = [
  '#e9effb',
  '#d0dcf5',
  '#a2b9ea',
  '#7194de',
  '#4a76d4',
  '#2d60cb',
  '#154EC1',
  '#1043a8',
  '#0b3687',
  '#062866',
];

/** Dark theme primary: #3472F0 at shade 6 (SPEC §9); lighter tints for text on dark. */
const brandDark: MantineColorsTuple = [
  '#ebf2fe',
  '#d3e2fd',
  '#a9c6fa',
  '#86aff7',
  '#6a9af4',
  '#4f85f2',
  '#3472F0',
  '#1f5fdc',
  '#174fbb',
  '#0e3d94',
];

/** localStorage key of the colour scheme; public/boot.js reads it before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'packline.color-scheme';

const stored = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/**
 * The scheme starts as <html data-mantine-color-scheme> says: public/boot.js sets it from
 * localStorage before first paint, and on a prerendered public page the server chose it
 * (from the cookie), so hydration renders what the HTML shows. A choice is saved in
 * localStorage and in a cookie for the server.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...stored,
  get(defaultValue) {
    const shown = typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-mantine-color-scheme');
    return shown === 'light' || shown === 'dark' ? shown : stored.get(defaultValue);
  },
  set(value) {
    stored.set(value);
    setChoiceCookie(THEME_COOKIE, value);
  },
};

export const theme = createTheme({
  colors: {
    brandLight,
    brandDark,
    primary: virtualColor({ name: 'primary', light: 'brandLight', dark: 'brandDark' }),
  },
  primaryColor: 'primary',
  primaryShade: { light: 6, dark: 6 },
  // Text on a filled colour is white or black, whichever reads better (the dark
  // primary #3472F0 is too light for white body text at WCAG AA).
  autoContrast: true,
  luminanceThreshold: 0.17,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Noto Sans Arabic", Vazirmatn, Tahoma, "PingFang SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Spec breakpoints (SPEC §9): xs 0, sm 320, md 640, lg 1024, xl 1440.
  breakpoints: {
    xs: '0em',
    sm: '20em',
    md: '40em',
    lg: '64em',
    xl: '90em',
  },
  components: {
    // A badge that meets a narrow column (375 px phones) wraps its words onto a second
    // line instead of cutting them off with an ellipsis ('1 Sept 2025 · in 17 d…').
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', lineHeight: 1.3, paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'break-word' },
      },
    },
  },
});

/**
 * Coloured words in the light theme (a low-stock quantity, a badge's text, an outlined chip) at
 * 4.5:1 or more on white, on a grey row and on the colour's own light tint: Mantine's shade 6
 * (orange #fd7e14: 2.6:1 on white) does not reach it, nor, for the lighter hues, shade 9 on its
 * tint (orange #d9480f on #ffe8cc: 3.6:1).
 */
const INK: Record<string, string> = {
  red: '#bf2828',
  orange: '#b83d0d',
  yellow: '#a15300',
  green: '#257535',
  teal: '#087956',
  blue: '#1864ab',
  indigo: '#364fc7',
  grape: '#862e9c',
};

/**
 * Text colours that meet WCAG AA on the page and card backgrounds: Mantine's default
 * dimmed greys are too faint (about 3.3:1 in light, 4:1 in dark), and so are its coloured
 * texts in the light theme (INK).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-placeholder': '#6b727a',
    ...Object.fromEntries(Object.entries(INK).flatMap(([c, v]) => ['text', 'light-color', 'outline'].map((k) => [`--mantine-color-${c}-${k}`, v]))),
  },
  dark: {
    '--mantine-color-dimmed': '#a9abb0',
    '--mantine-color-placeholder': '#8e9096',
    // Links one shade lighter than Mantine's: 5:1 on a hovered or tinted row (#3b3b3b), not 4:1.
    '--mantine-color-anchor': brandDark[3],
  },
});
