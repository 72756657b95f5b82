/**
 * Packline's CHANGELOG.md (Keep a Changelog) read into releases. vite.config.ts runs this at
 * build time and hands the result to the Patch Notes as `virtual:changelog`, so the app
 * carries the parsed notes, not the file or this parser.
 */

export interface ChangelogSection {
  /** The section's heading as written: Added, Changed, Fixed, Removed, Deprecated, Security. */
  heading: string;
  items: string[];
}

export interface ChangelogRelease {
  /** '0.3.0', or 'Unreleased'. */
  version: string;
  /** 'YYYY-MM-DD'; null for the unreleased changes. */
  date: string | null;
  sections: ChangelogSection[];
}

const RELEASE = /^## \[([^\]]+)\](?:\s+-\s+(\d{4}-\d{2}-\d{2}))?/;
const SECTION = /^### (.+)$/;
const ITEM = /^[-*] (.*)$/;

/** Markdown an item may hold, made plain: `code`, **bold**, *emphasis* and [links](…) keep their text. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\*([^*]+)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The releases of a Keep a Changelog text, newest first as written; an item's wrapped lines are joined. */
export function parseChangelog(text: string): ChangelogRelease[] {
  const releases: ChangelogRelease[] = [];
  let release: ChangelogRelease | null = null;
  let section: ChangelogSection | null = null;
  let item: string[] | null = null;
  const endItem = () => {
    if (item && section) section.items.push(plain(item.join(' ')));
    item = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const r = RELEASE.exec(line);
    if (r) {
      endItem();
      release = { version: r[1], date: r[2] ?? null, sections: [] };
      releases.push(release);
      section = null;
      continue;
    }
    if (line.startsWith('## ')) {
      endItem();
      release = null;
      section = null;
      continue;
    }
    const s = SECTION.exec(line);
    if (s && release) {
      endItem();
      section = { heading: s[1].trim(), items: [] };
      release.sections.push(section);
      continue;
    }
    const i = ITEM.exec(line);
    if (i && section) {
      endItem();
      item = [i[1]];
    } else if (item && /^\s+\S/.test(line)) {
      item.push(line.trim());
    } else {
      endItem();
    }
  }
  endItem();
  return releases.filter((r) => r.sections.some((s) => s.items.length > 0));
}
