import { insertMention, matchPeople, mentionQuery, MAX_SUGGESTIONS } from './mention';

const people = [
  { id: 1, name: 'Dana Demo' },
  { id: 2, name: 'Sam Staff' },
  { id: 3, name: 'Sara Silva' },
  { id: 4, name: 'Ben Adler' },
  { id: 5, name: 'Bruna Sá' },
];

describe('mentionQuery', () => {
  it('finds the mention being typed at the caret', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('hi @sa', 6)).toEqual({ start: 3, query: 'sa' });
    expect(mentionQuery('hi @Sam St', 10)).toEqual({ start: 3, query: 'Sam St' });
    expect(mentionQuery('line\n@be', 8)).toEqual({ start: 5, query: 'be' });
    // Only what is before the caret counts.
    expect(mentionQuery('hi @sam and more', 7)).toEqual({ start: 3, query: 'sam' });
  });

  it('is null outside a mention', () => {
    expect(mentionQuery('', 0)).toBeNull();
    expect(mentionQuery('mail me at a@b', 14)).toBeNull(); // "@" inside a word
    expect(mentionQuery('@Sam Staff ', 11)).toBeNull(); // finished: first, last name and a space
    expect(mentionQuery('@Sam Staff thanks', 17)).toBeNull();
    expect(mentionQuery('hi @sam', 2)).toBeNull();
  });
});

describe('matchPeople', () => {
  it('matches a full name or any name by its start, case-insensitively, never oneself', () => {
    expect(matchPeople(people, 's', 1).map((p) => p.id)).toEqual([2, 3, 5]);
    expect(matchPeople(people, 'SAM S', 1).map((p) => p.id)).toEqual([2]);
    expect(matchPeople(people, 'sá', null).map((p) => p.id)).toEqual([5]);
    expect(matchPeople(people, 'dana', 1)).toEqual([]);
    expect(matchPeople(people, 'zz', 1)).toEqual([]);
    expect(matchPeople(people, '', 1).map((p) => p.id)).toEqual([2, 3, 4, 5]);
  });

  it('offers at most a few', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: i + 10, name: `Alex ${i}` }));
    expect(matchPeople(many, 'al', null)).toHaveLength(MAX_SUGGESTIONS);
  });
});

describe('insertMention', () => {
  it('replaces the typed mention with the full name and a space, caret after it', () => {
    const text = 'Ask @sa about it';
    expect(insertMention(text, 7, { start: 4, query: 'sa' }, 'Sara Silva')).toEqual({ text: 'Ask @Sara Silva about it', caret: 16 });
    expect(insertMention('@b', 2, { start: 0, query: 'b' }, 'Ben Adler')).toEqual({ text: '@Ben Adler ', caret: 11 });
  });
});
