/// <reference types="vite/client" />

/** The web app's build label, set at build time (vite.config.ts). */
declare const __APP_BUILD__: string;

/** `virtual:changelog`: CHANGELOG.md's releases, newest first, parsed at build time (vite.config.ts). */
declare module 'virtual:changelog' {
  const releases: import('@/lib/changelog').ChangelogRelease[];
  export default releases;
}
