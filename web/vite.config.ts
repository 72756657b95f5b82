/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** Shown on the dashboard as the app build; the Makefile may pass the git version. */
const appBuild = process.env.PACKLINE_VERSION || `web ${pkg.version}`;

// The Go binary embeds web/dist (//go:embed), so the build lands there.
// During `npm run dev` the API is proxied to a locally running `packline serve`.
export default defineConfig({
  plugins: [react()],
  define: { __APP_BUILD__: JSON.stringify(appBuild) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': process.env.PACKLINE_API_URL ?? 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
