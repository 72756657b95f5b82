// `react` for the public pages' builds (vite.config.ts aliases it here for auth.html
// and kiosk.html): Preact's compatibility layer, plus the one React 19.2 export it
// lacks. `Activity` is imported by Mantine's Tabs and Tree, which those pages never
// render; here it shows its children unless hidden. (Plain JS: Preact's typings
// declare `export =`, which TypeScript cannot re-export.)
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : children;
}
