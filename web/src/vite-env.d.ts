/// <reference types="vite/client" />

/** The web app's build label, set at build time (vite.config.ts). */
declare const __APP_BUILD__: string;
