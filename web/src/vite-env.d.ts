/// <reference types="vite/client" />

/** The web app's build label, set at build time (vite.config.ts). */
declare const __APP_BUILD__: string;

/** An area's section of the English strings, as a module of its own (src/i18n/english.ts). */
declare module 'virtual:english-areas' {
  export const production: Record<string, unknown>;
  export const shipping: Record<string, unknown>;
  export const docs: Record<string, unknown>;
}

/** `virtual:english/<area>`: that one section of the English strings (src/i18n/english.ts). */
declare module 'virtual:english/*' {
  const section: Record<string, unknown>;
  export default section;
}

/** `virtual:changelog`: CHANGELOG.md's releases, newest first, parsed at build time (vite.config.ts). */
declare module 'virtual:changelog' {
  const releases: import('@/lib/changelog').ChangelogRelease[];
  export default releases;
}
