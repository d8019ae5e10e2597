import { describe, expect, it } from 'vitest';
import { checkSymbol } from './payment-codes.ts';
import { fold, MAX_SEARCH_TOKENS, MAX_TOKEN_LENGTH, MAX_WORD_LENGTH, recordSearchTokens, searchTerms, searchWords, withSearchTokens } from './search-tokens.ts';

const brian = { id: 'AbC123xyz', fullName: 'Brian Odhiambo', email: 'Brian.Odhiambo@UoN.ac.ke', organisation: 'University of Nairobi' };

/** Whether a search for `text` finds `record`, as the screen decides it from the record's tokens. */
const finds = (text: string, record = brian) => {
  const terms = searchTerms(text)!;
  const tokens = recordSearchTokens(record);
  return terms.queries.some((q) => tokens.includes(q)) && terms.matches(tokens);
};

describe('fold and searchWords', () => {
  it('lower-cases and removes accents', () => {
    expect(fold('Ngũgĩ wa Thiong’o ÉCOLE')).toBe('ngugi wa thiong’o ecole');
    expect(searchWords("Ngũgĩ wa Thiong'o")).toEqual(['ngugi', 'wa', 'thiong', 'o']);
  });

  it('splits on anything but letters and digits, keeps other scripts, drops emoji', () => {
    expect(searchWords('  Kenyatta National Hospital (KNH) — Ward 4B 🎗️ ')).toEqual(['kenyatta', 'national', 'hospital', 'knh', 'ward', '4b']);
    expect(searchWords('Саммит 癌症')).toEqual(['саммит', '癌症']);
    expect(searchWords('🎉 !!')).toEqual([]);
  });

  it('cuts a word at MAX_WORD_LENGTH characters, counting an astral character as one', () => {
    expect(searchWords('x'.repeat(100))).toEqual(['x'.repeat(MAX_WORD_LENGTH)]);
    expect([...searchWords('𝐀'.repeat(30))[0]]).toHaveLength(MAX_WORD_LENGTH);
  });
});

describe('recordSearchTokens', () => {
  it('holds the e-mail and reference whole in lower case first, then the words and their beginnings', () => {
    const tokens = recordSearchTokens(brian);
    expect(tokens.slice(0, 2)).toEqual(['brian.odhiambo@uon.ac.ke', 'abc123xyz']);
    expect(tokens).toEqual(expect.arrayContaining(['brian', 'odhiambo', 'university', 'of', 'nairobi', 'b', 'br', 'odh', 'odhiamb', 'nai']));
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('indexes contact names and organisations of applications', () => {
    const tokens = recordSearchTokens({ id: 'p1', contactName: 'Esther Mutua', organisation: 'Pharma Access Kenya', email: 'esther@pharma.example.org' });
    expect(tokens).toEqual(expect.arrayContaining(['esther', 'mutua', 'pharma', 'access', 'kenya']));
  });

  it('ignores fields that are missing or not text', () => {
    expect(recordSearchTokens({ id: 'r1', fullName: 42, email: undefined, organisation: null })).toEqual(['r1']);
  });

  it('stays within MAX_SEARCH_TOKENS and MAX_TOKEN_LENGTH for the longest record, keeping every whole word before beginnings', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}xxxxxxxxxxxxxxxxxxxxx`);
    const tokens = recordSearchTokens({
      id: 'r1',
      fullName: words.slice(0, 10).join(' '),
      organisation: words.slice(10).join(' '),
      email: `${'e'.repeat(242)}@example.org`,
    });
    expect(tokens.length).toBe(MAX_SEARCH_TOKENS);
    expect(tokens.every((t) => t.length >= 1 && t.length <= MAX_TOKEN_LENGTH && !/[\s]/.test(t))).toBe(true);
    expect(tokens[0]).toHaveLength(254);
    for (const w of words) expect(tokens).toContain(w.slice(0, MAX_WORD_LENGTH));
  });

  it('withSearchTokens keeps the record and adds the field', () => {
    expect(withSearchTokens({ ...brian, fee: 5 })).toMatchObject({ ...brian, fee: 5, searchTokens: recordSearchTokens(brian) });
  });
});

describe('searchTerms: what a search finds', () => {
  it.each([
    ['a middle or last word of the name', 'Odhiambo'],
    ['a word in any case, with accents typed or not', 'ODHIÁMBO'],
    ['the beginning of a word', 'odhi'],
    ['two words in any order', 'odhiambo brian'],
    ['a word of the name and of the organisation', 'brian nairobi'],
    ['the beginnings of two words', 'br od'],
    ['a word of the organisation', 'Nairobi'],
    ['the full e-mail in any case', 'brian.odhiambo@uon.ac.ke'],
    ['the full e-mail with spaces around it', '  BRIAN.ODHIAMBO@UON.AC.KE '],
    ['the reference in any case', 'abc123XYZ'],
  ])('finds a record by %s (%j)', (_, text) => {
    expect(finds(text)).toBe(true);
  });

  it.each([
    ['a word it does not have', 'Kamau'],
    ['one of two words missing', 'brian kamau'],
    ['the inside of a word', 'hiamb'],
    ['part of the e-mail', 'odhiambo@uon'],
    ['part of the reference', 'abc123'],
  ])('does not find it by %s (%j)', (_, text) => {
    expect(finds(text)).toBe(false);
  });

  it('queries the longest word, and the whole text when it is not just that word', () => {
    expect(searchTerms('br Odhiambo')!.queries).toEqual(['odhiambo']);
    expect(searchTerms('Odhiambo')!.queries).toEqual(['odhiambo']);
    expect(searchTerms('brian.odhiambo@uon.ac.ke')!.queries).toEqual(['odhiambo', 'brian.odhiambo@uon.ac.ke']);
    expect(searchTerms('demo-registration-4')!.queries).toEqual(['registration', 'demo-registration-4']);
  });

  it('is null for nothing searchable', () => {
    expect(searchTerms('')).toBeNull();
    expect(searchTerms('   ')).toBeNull();
    expect(searchTerms('! ?')).toBeNull();
  });

  it('queries a lone symbol whole (it finds nothing, but does not fail)', () => {
    expect(searchTerms('@@')!.queries).toEqual(['@@']);
    expect(finds('@@')).toBe(false);
  });

  it('never asks for a token longer than a record can hold', () => {
    expect(searchTerms('x'.repeat(1000))!.queries).toEqual(['x'.repeat(MAX_WORD_LENGTH)]);
    expect(searchTerms(`${'y'.repeat(300)}@example.org`)!.queries).toEqual(['y'.repeat(MAX_WORD_LENGTH)]);
  });
});

describe('finding a record by its payment code', () => {
  const CODE = `NCS-7K2Q${checkSymbol('7K2Q')}`;
  const coded = { ...brian, paymentCode: CODE };
  const check = CODE.at(-1)!;

  it('holds the code whole in lower case, with the e-mail and reference, before any word', () => {
    expect(recordSearchTokens(coded).slice(0, 3)).toEqual(['brian.odhiambo@uon.ac.ke', 'abc123xyz', CODE.toLowerCase()]);
  });

  it('keeps the code when a long record fills every token', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}xxxxxxxxxxxxxxxxxxxxx`);
    const tokens = recordSearchTokens({ id: 'r1', fullName: words.join(' '), email: 'a@example.org', paymentCode: CODE });
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(tokens).toContain(CODE.toLowerCase());
  });

  it.each([CODE, CODE.toLowerCase(), `ncs7k2q${check.toLowerCase()}`, `7K2Q${check}`, ` ncs 7k2q ${check} `, `7k2q-${check.toLowerCase()}`])(
    'finds it typed as %j, by one query for the code',
    (typed) => {
      expect(finds(typed, coded)).toBe(true);
      expect(searchTerms(typed)!.queries).toContain(CODE.toLowerCase());
    },
  );

  it('does not find it by another code, a wrong check symbol, or part of the code', () => {
    const wrong = `NCS-7K2Q${check === '2' ? '3' : '2'}`;
    for (const typed of [wrong, `NCS-P4TX${checkSymbol('P4TX')}`, '7K2Q', 'ncs']) expect(finds(typed, coded)).toBe(false);
  });

  it('still finds a name that happens to read as a code', () => {
    // Five code symbols whose last is their check symbol: read as a code, searched as a word too.
    const name = `Q7K2${checkSymbol('Q7K2')}`;
    const record = { id: 'r9', fullName: `Amina ${name}`, email: 'amina@example.org', organisation: 'KNH' };
    expect(searchTerms(name)!.queries).toEqual([name.toLowerCase(), `ncs-${name.toLowerCase()}`]);
    expect(finds(name, record)).toBe(true);
  });
});
