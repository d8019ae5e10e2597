import { describe, expect, it } from 'vitest';
import { idSlug, MAX_SLUG_LENGTH, slugify } from './slug.ts';

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

  it('makes an empty title just the date, without a leading hyphen', () => {
    expect(slugify('   ', day)).toBe('2027-may-07');
    expect(slugify('', day)).toBe('2027-may-07');
  });

  it('makes an emoji-only or non-Latin title just the date', () => {
    expect(slugify('🎉🎗️ 🎉', day)).toBe('2027-may-07');
    expect(slugify('Саммит по раку', day)).toBe('2027-may-07');
    expect(slugify('癌症峰会', day)).toBe('2027-may-07');
  });

  it('keeps the ASCII words of a mixed unicode title', () => {
    // The emoji's hyphens stay doubled, as SPEC's order (hyphens first, then removal) makes them.
    expect(slugify('Café 🎉 Ümlaut 2027', day)).toBe('caf--mlaut-2027-2027-may-07');
  });

  it('never starts or ends the title part with a hyphen or underscore', () => {
    expect(slugify('— Opening — ', day)).toBe('opening-2027-may-07');
    expect(slugify('_hidden_ ', day)).toBe('hidden-2027-may-07');
    expect(slugify('Q&A: ?', day)).toBe('qa-2027-may-07');
  });

  describe('length', () => {
    const long = 'The national cancer control programme and its partners announce a new screening campaign across every county in Kenya';

    it('stays within MAX_SLUG_LENGTH (60) for a very long title, cut at a word boundary', () => {
      const slug = slugify(long, day);
      expect(MAX_SLUG_LENGTH).toBe(60);
      expect(slug.length).toBeLessThanOrEqual(60);
      expect(slug).toBe('the-national-cancer-control-programme-and-its-2027-may-07');
      expect(slug).not.toMatch(/--|-$/);
    });

    it('stays within the limit with the longest month name', () => {
      const slug = slugify(long, new Date(2027, 8, 30));
      expect(slug.length).toBeLessThanOrEqual(60);
      expect(slug).toBe('the-national-cancer-control-programme-and-2027-september-30');
    });

    it('keeps a title that fits exactly, and cuts one character more at the previous word', () => {
      // "-2027-may-07" is 12 characters, so the title part may have 48.
      const exact = `${'a'.repeat(23)} ${'b'.repeat(24)}`; // 48 characters
      expect(slugify(exact, day)).toBe(`${'a'.repeat(23)}-${'b'.repeat(24)}-2027-may-07`);
      expect(slugify(exact, day)).toHaveLength(60);
      expect(slugify(`${exact}b`, day)).toBe(`${'a'.repeat(23)}-2027-may-07`);
      // The limit falling just before a space keeps the whole first part.
      expect(slugify(`${exact} more words`, day)).toBe(`${'a'.repeat(23)}-${'b'.repeat(24)}-2027-may-07`);
    });

    it('cuts a single word longer than the limit inside the word', () => {
      expect(slugify('x'.repeat(500), day)).toBe(`${'x'.repeat(48)}-2027-may-07`);
    });

    it('does not end the cut title with a hyphen when the cut lands on a run of hyphens', () => {
      const slug = slugify(`${'a'.repeat(47)} — tail`, day);
      expect(slug).toBe(`${'a'.repeat(47)}-2027-may-07`);
    });

    it('handles thousands of words quickly and within the limit', () => {
      const slug = slugify('word '.repeat(5000), day);
      expect(slug.length).toBeLessThanOrEqual(60);
      expect(slug).toMatch(/^(word-)+2027-may-07$/);
    });
  });

  it.each([42, null, undefined, {}, ['a']])('refuses %j with "Input must be a string."', (input) => {
    expect(() => slugify(input, day)).toThrow(new TypeError('Input must be a string.'));
  });
});

describe('the date suffix', () => {
  it.each(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'])(
    'spells month %# as %s',
    (month) => {
      const index = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].indexOf(month);
      expect(slugify('Summit', new Date(2027, index, 28))).toBe(`summit-2027-${month}-28`);
    },
  );

  it('writes a two-digit day as it is, and the local date of the moment', () => {
    expect(slugify('Summit', new Date(2027, 0, 31, 23, 59))).toBe('summit-2027-january-31');
    expect(slugify('Summit', new Date(2027, 1, 1, 0, 0))).toBe('summit-2027-february-01');
  });
});

describe('what is kept of a title', () => {
  it.each([
    ['tabs and line breaks', 'Cancer\tcare\nin Kenya', 'cancer-care-in-kenya'],
    ['digits and underscores', 'Phase_2 trial 2027', 'phase_2-trial-2027'],
    ['capitals', 'HPV VACCINE', 'hpv-vaccine'],
    ['hyphens and underscores at both ends', '-_Opening_-', 'opening'],
    ['separators inside', 'a--b__c', 'a--b__c'],
  ])('%s', (_, title, slug) => {
    expect(slugify(title, day)).toBe(`${slug}-2027-may-07`);
  });
});

describe('idSlug', () => {
  it('keeps letters and digits, one hyphen between words, no date', () => {
    expect(idSlug('  KCB  Current_Account (KES) ', 80)).toBe('kcb-current-account-kes');
    expect(idSlug('Equity — 2', 80)).toBe('equity-2');
  });

  it('gives nothing for a name without an ASCII letter or digit', () => {
    expect(idSlug('€ — €', 80)).toBe('');
  });

  it('stays within the limit, cut at a word', () => {
    expect(idSlug('national bank of kenya collections', 20)).toBe('national-bank-of');
    expect(idSlug('x'.repeat(100), 80)).toHaveLength(80);
  });
});
