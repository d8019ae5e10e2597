import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

const day = new Date(2027, 4, 7); // 7 May 2027, local time

describe('slugify', () => {
  it('lowercases, trims, hyphenates whitespace and appends the date', () => {
    expect(slugify('  Why Early   Detection Saves Lives ', day)).toBe('why-early-detection-saves-lives-2027-may-07');
  });

  it('removes everything but letters, digits, underscore and hyphen', () => {
    expect(slugify("HPV: what's new? (2027) — part_2", day)).toBe('hpv-whats-new-2027--part_2-2027-may-07');
  });

  it('drops non-ASCII letters, as the original \\w did', () => {
    expect(slugify('Café Ümlaut', day)).toBe('caf-mlaut-2027-may-07');
  });

  it('pads the day and spells the month in lowercase English', () => {
    expect(slugify('x', new Date(2026, 11, 1))).toBe('x-2026-december-01');
  });

  it('keeps an empty title as just the date suffix', () => {
    expect(slugify('   ', day)).toBe('-2027-may-07');
  });

  it.each([42, null, undefined, {}, ['a']])('refuses %j with "Input must be a string."', (input) => {
    expect(() => slugify(input, day)).toThrow(new TypeError('Input must be a string.'));
  });
});
