// Writes the public pages' first paint into HTML: every page of src/prerender.tsx
// in every language and theme, as dist/prerendered/<page>.<lang>.<theme>.html, from the
// built entry (dist/auth.html, dist/kiosk.html) with its stylesheet inline and the page's
// markup in #root. internal/httpapi/prerendered.go picks the file for a request (the
// language and theme cookies, else Accept-Language, else the default); auth-main.tsx and
// kiosk-main.tsx hydrate it. Runs after `vite build --ssr src/prerender.tsx` (npm run build).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = `${web}dist`;
const out = `${dist}/prerendered`;

const { PAGES, LANGUAGES, THEMES, LANGUAGE_INFO, renderPageAndTitle } = await import(pathToFileURL(`${web}build-ssr/prerender.js`).href);

/** The entry's HTML with its own stylesheets inline: no request before the first paint but the document. */
function template(entry) {
  const html = readFileSync(`${dist}/${entry}.html`, 'utf8');
  const inlined = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file) => {
    const css = readFileSync(`${dist}/${file}`, 'utf8');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
  // The server already chose the theme and language (cookies), so boot.js need not hold up
  // the first paint: deferred, it only copies an older localStorage choice into the cookies
  // (and runs before the app's module script, which then renders afresh if it differs).
  const deferred = inlined.replace('<script src="/boot.js"></script>', '<script src="/boot.js" defer></script>');
  if (deferred === inlined) throw new Error(`dist/${entry}.html: no <script src="/boot.js"> to defer`);
  // The page's module scripts would run as soon as the document is parsed, and Chromium
  // then hydrates before it paints (a trace of the login showed boot.js, the modules and
  // 68 ms of hydration between the layout and the first paint). So they are only
  // preloaded here (fetched at once, not run), and boot.js starts them, in order, once the
  // first frame is on the screen: the page paints from its HTML alone. A plain preload, not
  // a modulepreload: Chromium compiles a modulepreload at once, and on a 2-core machine that
  // compile (~60 ms of CPU for the login's modules, in a trace) ran beside the style, layout
  // and raster of the first frame; the script boot.js adds takes the preloaded response.
  const modules = [];
  const started = deferred.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src) => {
    modules.push(src);
    return `<link rel="preload" as="script" crossorigin href="${src}" data-packline-start>`;
  });
  if (!modules.length) throw new Error(`dist/${entry}.html: no module script to start after the first paint`);
  if (!inlined.includes('<div id="root"></div>') || !/<html [^>]*>/.test(inlined)) {
    throw new Error(`dist/${entry}.html: no <html> or empty #root to fill`);
  }
  return started;
}

const escapeHtml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const templates = {};
let files = 0;
for (const page of PAGES) {
  templates[page.entry] ??= template(page.entry);
  for (const lang of LANGUAGES) {
    for (const theme of THEMES) {
      const { markup, title } = await renderPageAndTitle(page, lang, theme);
      const { tag, dir } = LANGUAGE_INFO[lang];
      const html = templates[page.entry]
        .replace(
          /<html [^>]*>/,
          `<html lang="${tag}" dir="${dir}" data-mantine-color-scheme="${theme}" data-prerendered="${lang} ${theme}">`,
        )
        .replace('<title>Packline</title>', () => `<title>${escapeHtml(title ?? 'Packline')}</title>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      writeFileSync(`${out}/${page.name}.${lang}.${theme}.html`, html);
      files++;
    }
  }
}
console.log(`prerendered ${files} pages into dist/prerendered`);
