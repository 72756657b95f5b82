import releases from 'virtual:changelog';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog';

describe('parseChangelog', () => {
  it('reads releases, their dates, sections and wrapped items as plain text', () => {
    const text = [
      '# Changelog',
      '',
      'Intro with - a dash.',
      '',
      '## [Unreleased]',
      '### Fixed',
      '- A `code` and **bold** fix,',
      '  wrapped onto a second line.',
      '',
      '## [1.1.0] - 2026-11-25',
      '### Added',
      '- One [linked](https://example.org) thing',
      '- Another',
      '### Removed',
      '',
      '## [1.0.0] - 2026-11-22',
      '### Added',
      '* First',
      '',
      '[1.1.0]: https://example.org/compare',
    ].join('\n');
    expect(parseChangelog(text)).toEqual([
      { version: 'Unreleased', date: null, sections: [{ heading: 'Fixed', items: ['A code and bold fix, wrapped onto a second line.'] }] },
      {
        version: '1.1.0',
        date: '2026-11-25',
        sections: [
          { heading: 'Added', items: ['One linked thing', 'Another'] },
          { heading: 'Removed', items: [] },
        ],
      },
      { version: '1.0.0', date: '2026-11-22', sections: [{ heading: 'Added', items: ['First'] }] },
    ]);
  });

  it("builds Packline's own CHANGELOG.md in (virtual:changelog): dated releases, newest first, each with notes", () => {
    const dated = releases.filter((r) => r.date);
    expect(dated.length).toBeGreaterThanOrEqual(3);
    expect(dated.map((r) => r.date)).toEqual([...dated.map((r) => r.date)].sort().reverse());
    for (const r of dated) expect(r.sections.flatMap((s) => s.items).length).toBeGreaterThan(0);
    expect(JSON.stringify(releases)).not.toContain('Trial banner');
  });
});
