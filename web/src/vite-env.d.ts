/// <reference types="vite/client" />

/** The web app's build label, set at build time (vite.config.ts). */
declare const __APP_BUILD__: string;

/** An area's section of the English strings, as a module of its own (src/i18n/english.ts). */
declare module 'virtual:english-areas' {
  export const production: Record<string, unknown>;
  export const shipping: Record<string, unknown>;
  export const docs: Record<string, unknown>;
  export const clients: Record<string, unknown>;
  export const projects: Record<string, unknown>;
  export const payments: Record<string, unknown>;
}

/** One part of an area's English strings (`virtual:english-areas/payments.card`), for a piece shown elsewhere. */
declare module 'virtual:english-areas/*' {
  const part: Record<string, unknown>;
  export default part;
}
