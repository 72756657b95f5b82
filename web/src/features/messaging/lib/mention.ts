/**
 * @mention autocomplete in the chat box. The server (internal/messaging Mentions) notifies whoever a
 * message names as "@First Last" (or "@First" when no one else has that first name), case-insensitively,
 * not followed by a letter or digit; choosing a colleague inserts "@First Last " so it always matches.
 */

export interface Person {
  id: number;
  name: string;
}

/** The mention being typed at the caret: where its "@" is and the text after it. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** At most this many colleagues are offered at once. */
export const MAX_SUGGESTIONS = 6;

// "@" at the start or after a space, then a word and at most one more (a first and a last name).
const TYPING = /(^|\s)@([^\s@]*(?: [^\s@]*)?)$/u;

/** The mention typed just before the caret, or null when the caret is not in one. */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const m = TYPING.exec(before);
  if (!m) return null;
  const query = m[2];
  if (query.length > 60) return null;
  return { start: before.length - query.length - 1, query };
}

/** Colleagues whose full name, or one of whose names, starts with query (case-insensitive); not me. */
export function matchPeople(people: readonly Person[], query: string, me: number | null): Person[] {
  const q = query.trim().toLocaleLowerCase();
  const out: Person[] = [];
  for (const p of people) {
    if (p.id === me || !p.name.trim()) continue;
    const name = p.name.toLocaleLowerCase();
    if (!q || name.startsWith(q) || name.split(/\s+/u).some((w) => w.startsWith(q))) out.push(p);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/** The text with the mention at m (up to the caret) replaced by "@Name ", and the caret after it. */
export function insertMention(text: string, caret: number, m: MentionQuery, name: string): { text: string; caret: number } {
  const token = `@${name.trim()} `;
  const rest = text.slice(caret).replace(/^ /u, '');
  return { text: text.slice(0, m.start) + token + rest, caret: m.start + token.length };
}
