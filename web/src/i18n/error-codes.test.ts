/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorKey } from '@/lib/errors';
import { localeTree } from './locale-tree';

const [br, cn, es, gb, ir] = (['br', 'cn', 'es', 'gb', 'ir'] as const).map(localeTree);

/** Every error code the Go server can send: apperr.New(kind, "code", …) and the text problems. */
function serverCodes(): string[] {
  const root = resolve(__dirname, '../../../internal');
  const codes = new Set(['invalid', 'not_found', 'conflict', 'forbidden', 'unauthorized', 'too_many_attempts', 'too_large', 'unavailable', 'internal']);
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.go') && !e.name.endsWith('_test.go')) {
        const src = readFileSync(p, 'utf8');
        for (const m of src.matchAll(/apperr\.New\(\s*apperr\.\w+,\s*"([a-z_.]+)"/g)) codes.add(m[1]);
        for (const m of src.matchAll(/Problem\s*=\s*"([a-z_.]+)"/g)) codes.add(m[1]);
      }
    }
  };
  walk(root);
  return [...codes].sort();
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), tree);
}

describe('error codes', () => {
  const codes = serverCodes();

  it('finds the server’s codes', () => {
    expect(codes).toContain('not_found');
    expect(codes.length).toBeGreaterThan(10);
  });

  it.each([
    ['gb', gb],
    ['br', br],
    ['es', es],
    ['cn', cn],
    ['ir', ir],
  ])('every code the server sends has a message in %s', (_lng, locale) => {
    const missing = codes.filter((code) => typeof lookup(locale, errorKey(code)!) !== 'string');
    expect(missing).toEqual([]);
  });
});
