/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { minifySync } from 'rolldown/experimental';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { parseChangelog } from './src/lib/changelog.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** Shown on the dashboard as the app build; the Makefile may pass the git version. */
const appBuild = process.env.PACKLINE_VERSION || `web ${pkg.version}`;

const nodeModules = fileURLToPath(new URL('./node_modules/', import.meta.url));

/**
 * Every Mantine component carries its own CSS: when a component's class-name module
 * (`@mantine/core/esm/components/…/<Name>.module.mjs`) is bundled, so is
 * `@mantine/core/styles/<Name>.layer.css`, in the same chunk. A page is therefore
 * styled completely however it is reached (SPEC §9), and it downloads
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

/**
 * The office app's lazy code in a few files, each fetched whole in the one wave that
 * follows the entry (src/main.tsx starts the first page's code while its language
 * loads), instead of a file for every component two screens share (docs/bench.md has
 * the requests a cold dashboard makes; scripts/page-weight.mjs holds it to 40). A group
 * takes the modules it names and, with them, everything they import that an earlier
 * group has not taken.
 */
const OFFICE_GROUPS = [
  // The signed-in frame every screen is shown in: header, navigation, menus, messages.
  { name: 'shell', test: /src[\\/]app[\\/]layouts[\\/]main-layout/ },
  // The first screen after sign-in, whole, with what its cards borrow from other areas.
  { name: 'dashboard', test: /src[\\/]features[\\/]dashboard[\\/]/ },
  // The working screens' kit: page frame, server tables, forms, dialogs and date fields,
  // with the Mantine inputs, tables and modals they are built of.
  {
    name: 'kit',
    test: /src[\\/]components[\\/](page-frame|server-table|list-table|confirm-dialog|form-actions|date-field|query-error|icon-action|titled-card|error-text)|src[\\/]lib[\\/](form|use-server-table)|node_modules[\\/]@mantine[\\/]form[\\/]/,
  },
];

/** The HTML entries: the office app, and the public pages with light apps of their own. */
const ENTRIES = { office: 'index.html', auth: 'auth.html', kiosk: 'kiosk.html' } as const;
type Entry = keyof typeof ENTRIES;


// The Go binary embeds web/dist (//go:embed), so the build lands there. Each entry is
// built on its own (`vite build --mode auth|kiosk|office`, see package.json), so a
// public page shares no chunk with the office app and downloads only what it shows;
// internal/httpapi/spa.go serves the right HTML per path. During `npm run dev` the API
// is proxied to a locally running `packline serve`.
/**
 * `virtual:changelog`: the releases of the repository's CHANGELOG.md, parsed at build time
 * (src/lib/changelog.ts), for the Patch Notes modal; it travels in that modal's lazy chunk.
 */
function changelog(): Plugin {
  const id = 'virtual:changelog';
  const file = fileURLToPath(new URL('../CHANGELOG.md', import.meta.url));
  return {
    name: 'packline-changelog',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(file);
      const releases = parseChangelog(readFileSync(file, 'utf8'));
      if (!releases.some((r) => r.date)) this.error('CHANGELOG.md has no dated release');
      return `export default ${JSON.stringify(releases)};`;
    },
  };
}

/**
 * public/boot.js, the one script every page loads before its app, minified in dist/ (Vite
 * copies public/ as it is): its comments explain it to readers, and would otherwise be
 * paid for in every page's weight.
 */
function minifyBoot(): Plugin {
  return {
    name: 'packline:minify-boot',
    apply: 'build',
    writeBundle({ dir }) {
      const file = `${dir}/boot.js`;
      if (!existsSync(file)) return;
      const { code } = minifySync('boot.js', readFileSync(file, 'utf8'));
      writeFileSync(file, code);
    },
  };
}

/**
 * The kiosk as an installable app that opens without the network: its web app
 * manifest (`/kiosk.webmanifest`, linked from kiosk.html) and a service worker
 * (`/kiosk-sw.js`, Workbox through vite-plugin-pwa) whose scope is `/employee-portal`
 * alone, so it never answers for the office app or the sign-in pages. It precaches
 * exactly the files of the kiosk's own build (collected below; the office and sign-in
 * builds share dist/ but not this list), and keeps, network first, the last kiosk page
 * and the API answers the kiosk reads at start (its employee list, the time zone, the
 * offline punch key). src/kiosk-main.tsx registers it once the page is up.
 */
function kioskApp(): Plugin[] {
  const built = new Set<string>();
  const collect: Plugin = {
    name: 'packline:kiosk-files',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const name of Object.keys(bundle)) built.add(name);
    },
  };
  const network = (cacheName: string) => ({
    cacheName,
    networkTimeoutSeconds: 4,
    // The page varies by language and theme cookie, the list by encoding: the kiosk's last answer is the one to use.
    matchOptions: { ignoreVary: true, ignoreSearch: true },
    cacheableResponse: { statuses: [200] },
  });
  return [
    collect,
    ...VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'kiosk-sw.js',
      manifestFilename: 'kiosk.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/employee-portal',
        name: 'Packline kiosk',
        short_name: 'Packline',
        description: 'Clock in and out with your PIN.',
        start_url: '/employee-portal',
        scope: '/employee-portal',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#154EC1',
        icons: [
          { src: '/kiosk-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/kiosk-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/kiosk-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globDirectory: 'dist',
        globPatterns: ['assets/**/*.{js,css}', 'boot.js', 'favicon.svg', 'kiosk-icons/*.png'],
        // Only what the kiosk's own build wrote (and the shared public files it uses).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => built.has(e.url) || !e.url.startsWith('assets/')),
            warnings: [],
          }),
        ],
        // Hashed file names: their revision is their name.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        navigateFallback: null,
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname === '/employee-portal', handler: 'NetworkFirst', options: network('kiosk-pages') },
          {
            urlPattern: ({ url }) => ['/api/employees', '/api/settings/public', '/api/kiosk/key'].includes(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: network('kiosk-api'),
          },
        ],
      },
    }),
  ];
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const entry: Entry = mode in ENTRIES ? (mode as Entry) : 'office';
  if (isSsrBuild) {
    // `vite build --ssr src/prerender.tsx`: the public pages' server render, for
    // scripts/prerender.mjs only (never embedded: it lands outside dist).
    return {
      plugins: [react()],
      define: { __APP_BUILD__: JSON.stringify(appBuild) },
      resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }] },
      build: { outDir: 'build-ssr', emptyOutDir: true, sourcemap: false, minify: false },
    };
  }
  return {
    plugins: [react(), componentStyles(), changelog(), minifyBoot(), ...(entry === 'kiosk' ? kioskApp() : [])],
    define: { __APP_BUILD__: JSON.stringify(appBuild) },
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
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
              ...(entry === 'office' ? OFFICE_GROUPS : []),
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
