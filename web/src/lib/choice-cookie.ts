/**
 * The language and theme a visitor chose, also kept in cookies so the server can serve
 * the public pages prerendered in them (internal/httpapi/prerendered.go reads the same
 * names; public/boot.js copies older choices from localStorage once).
 */
export const LANGUAGE_COOKIE = 'packline_lang';
export const THEME_COOKIE = 'packline_theme';

export function setChoiceCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}
