/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** Shown on the dashboard as the app build; the Makefile may pass the git version. */
const appBuild = process.env.PACKLINE_VERSION || `web ${pkg.version}`;

const nodeModules = fileURLToPath(new URL('./node_modules/', import.meta.url));

/**
 * Every Mantine component carries its own CSS: when a component's class-name module
 * (`@mantine/core/esm/components/…/<Name>.module.mjs`) is bundled, so is
 * `@mantine/core/styles/<Name>.layer.css`, in the same chunk. A page is therefore
 * styled completely however it is reached (SPEC §9, issue 15 item 1), and it downloads
 * the CSS of the components it shows, no more. The same holds for @mantine/dates,
 * @mantine/notifications and mantine-datatable, which ship one stylesheet each.
 * Only for builds: in `vite dev` the dependencies are pre-bundled, so src/styles.ts
 * loads Mantine's complete stylesheet there instead.
 */
function componentStyles(): Plugin {
  const whole: [RegExp, string][] = [
    [/@mantine\/dates\/esm\/.*\.module\.mjs$/, '@mantine/dates/styles.layer.css'],
    [/@mantine\/notifications\/esm\/.*\.module\.mjs$/, '@mantine/notifications/styles.layer.css'],
    [/mantine-datatable\/dist\/index\.mjs$/, 'mantine-datatable/styles.layer.css'],
    [/@mantine\/spotlight\/esm\/.*\.module\.mjs$/, '@mantine/spotlight/styles.layer.css'],
  ];
  return {
    name: 'packline:component-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replaceAll('\\', '/');
      const core = /@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.mjs$/.exec(file);
      let css: string | undefined;
      if (core) {
        css = `@mantine/core/styles/${core[1]}.layer.css`;
        if (!existsSync(`${nodeModules}${css}`)) this.error(`no stylesheet ${css} for ${file}`);
      } else {
        css = whole.find(([re]) => re.test(file))?.[1];
      }
      // Appended, so a component's own rules follow those of the components it builds on.
      return css ? { code: `${code}\nimport '${css}';\n`, map: null } : null;
    },
  };
}

/** The HTML entries: the office app, and the public pages with light apps of their own. */
const ENTRIES = { office: 'index.html', auth: 'auth.html', kiosk: 'kiosk.html' } as const;
type Entry = keyof typeof ENTRIES;

const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/react-on-preact.js', import.meta.url)) },
];

// The Go binary embeds web/dist (//go:embed), so the build lands there. Each entry is
// built on its own (`vite build --mode auth|kiosk|office`, see package.json), so a
// public page shares no chunk with the office app and downloads only what it shows;
// internal/httpapi/spa.go serves the right HTML per path. During `npm run dev` the API
// is proxied to a locally running `packline serve`.
/**
 * `virtual:english/<area>`: an area's section of the English strings (locales/gb.json, still
 * the one English file) as a module of its own, so that it travels with that area's lazy
 * code and stays out of the entries and out of every other area (src/i18n/english.ts).
 * `virtual:english-areas` (every section of ENGLISH_AREAS in one module) still resolves.
 */
const ENGLISH_AREAS = ['production', 'shipping', 'docs', 'chat', 'inventory', 'employees', 'settings', 'faq'];
function englishAreas(): Plugin {
  const all = 'virtual:english-areas';
  const one = 'virtual:english/';
  const gbPath = fileURLToPath(new URL('./src/i18n/locales/gb.json', import.meta.url));
  return {
    name: 'packline-english-areas',
    resolveId: (source) => (source === all || source.startsWith(one) ? `\0${source}` : undefined),
    load(resolved) {
      if (!resolved.startsWith(`\0${all}`) && !resolved.startsWith(`\0${one}`)) return undefined;
      this.addWatchFile(gbPath);
      const gb = JSON.parse(readFileSync(gbPath, 'utf8')) as Record<string, unknown>;
      if (resolved.startsWith(`\0${one}`)) {
        // `virtual:english/payments.card`: one part of a section, for a piece of an area shown
        // elsewhere (a dashboard card) without the rest of its strings.
        const area = resolved.slice(`\0${one}`.length);
        const part = area.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), gb);
        if (part === undefined) this.error(`gb.json has no section ${area}`);
        return `export default ${JSON.stringify(part)};`;
      }
      return ENGLISH_AREAS.map((k) => `export const ${k} = ${JSON.stringify(gb[k] ?? {})};`).join('\n');
    },
  };
}

export default defineConfig(({ mode }) => {
  const entry: Entry = mode in ENTRIES ? (mode as Entry) : 'office';
  return {
    plugins: [react(), componentStyles(), englishAreas()],
    define: { __APP_BUILD__: JSON.stringify(appBuild) },
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // The public pages render with Preact's React-compatible core (≈ 10 KB instead of
        // React DOM's ≈ 60 KB gzipped): the same components, a third of the page weight.
        // The office app, and every Vitest test, run on React.
        ...(entry === 'office' ? [] : PREACT_ALIASES),
      ],
    },
    server: {
      proxy: { '/api': process.env.PACKLINE_API_URL ?? 'http://127.0.0.1:8080' },
    },
    build: {
      outDir: 'dist',
      // The office build comes first and clears dist; the public ones add to it.
      emptyOutDir: entry === 'office',
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // Every browser the app supports (Vite's baseline) knows <link rel="modulepreload">.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { [entry === 'office' ? 'index' : entry]: fileURLToPath(new URL(`./${ENTRIES[entry]}`, import.meta.url)) },
        output: {
          // Everything the entry needs before its first paint in one file (one request,
          // and gzip does better on one file than on dozens); routes, other languages
          // and the toast host stay lazy.
          codeSplitting: {
            groups: [
              { name: entry, tags: ['$initial'] },
              // Server state: one file for every signed-in screen, not split along their lines.
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            ],
          },
        },
      },
    },
    test: {
      globals: true,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      restoreMocks: true,
      testTimeout: 60_000,
      // Vitest's default leaves one core free, which on a two-core machine
      // means one worker: use them all (163 s -> 98 s here).
      maxWorkers: Math.max(2, availableParallelism()),
    },
  };
});
