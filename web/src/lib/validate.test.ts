import { array, boolean, number, object, optionalString, string } from './validate';

describe('validate', () => {
  it('accepts the right shapes', () => {
    const o = object({ a: 'x', n: 2, b: true, l: [1], m: null });
    expect(string(o, 'a')).toBe('x');
    expect(number(o, 'n')).toBe(2);
    expect(boolean(o, 'b')).toBe(true);
    expect(array(o, 'l')).toEqual([1]);
    expect(optionalString(o, 'm')).toBeUndefined();
  });

  it('names the wrong field', () => {
    const o = object({ a: 1, n: 'x' });
    expect(() => string(o, 'a')).toThrow('a: expected a string');
    expect(() => number(o, 'n')).toThrow('n: expected a number');
    expect(() => object([], 'user')).toThrow('user: expected an object');
    expect(() => array(o, 'missing')).toThrow('missing: expected an array');
  });
});
