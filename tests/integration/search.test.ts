// Staff search against the real emulator: records written as the site writes them (the visitor's
// own commit, through the rules) are found by the Registrations screen's own search code
// (searchRecords) by any word, case and accents aside, by e-mail and by reference; visitors cannot
// search; and the rules hold the searchTokens field to its bounds whatever a visitor sends.
import { collection, doc, getDocs, limit, query, updateDoc, where } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_TOKENS, MAX_TOKEN_LENGTH } from '../../src/data/search-tokens.ts';
import { searchRecords } from '../../src/features/registrations/admin/search.ts';
import type { ListFilters, Tab } from '../../src/features/registrations/admin/records.ts';
import { createDb } from '../../src/lib/db.ts';
import { ACTORS, allowedFor, FINANCE, signInActors, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { commit, FORMS, type Doc, type Draft, type PublicForm } from './support/forms.ts';
import { ownerDelete, uniqueId } from './support/owner.ts';

let as: Actors;
const created: string[] = [];

/** Letters only, unique to this run, so a search finds this file's records and no one else's. */
const word = (prefix: string) =>
  `${prefix}${uniqueId('')
    .replace(/[^a-z0-9]/g, '')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;

async function submitted(form: PublicForm, change: Record<string, unknown>): Promise<Draft> {
  const draft = await form.draft(change);
  expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
  created.push(`${form.collection}/${draft.id}`, `mail/${draft.id}`, `throttles/${draft.by.uid}`);
  return draft;
}

const search = (actor: Actor, tab: Tab, text: string, filters: ListFilters = {}) =>
  searchRecords(
    createDb(() => as.db[actor]),
    tab,
    text,
    filters,
    20,
  );
const ids = async (tab: Tab, text: string, filters?: ListFilters) => (await search('admin', tab, text, filters)).items.map((r) => r.id).sort();

const surname = word('Otieno');
const org = word('Hospital');
let wanjiku: Draft;
let njeri: Draft;
let booth: Draft;

beforeAll(async () => {
  as = await signInActors();
  wanjiku = await submitted(FORMS.registration, {
    fullName: `Grace Wanjikũ ${surname}`,
    email: `Grace.${surname}@Example.org`,
    organisation: `Kisii ${org} Trust`,
  });
  njeri = await submitted(FORMS.registration, {
    fullName: `Njeri ${surname}`,
    email: `njeri.${surname}@example.org`,
    organisation: 'Moi University',
    category: 'survivor',
  });
  booth = await submitted(FORMS.booth, { contactName: `Esther ${surname}`, organisation: `Pharma ${org}`, email: `esther.${surname}@example.org` });
});

afterAll(async () => {
  await ownerDelete(...created);
  await closeClients();
});

describe('staff search finds a registration', () => {
  it('by a middle or last word of the name, in any case', async () => {
    expect(await ids('attendees', 'wanjiku')).toEqual([wanjiku.id]);
    expect(await ids('attendees', surname.toUpperCase())).toEqual([njeri.id, wanjiku.id].sort());
    expect(await ids('attendees', `${surname.toLowerCase()} grace`)).toEqual([wanjiku.id]);
  });

  it('by the beginning of a word, and with accents typed or not', async () => {
    expect(await ids('attendees', surname.slice(0, 9))).toEqual([njeri.id, wanjiku.id].sort());
    expect(await ids('attendees', `Wanjikũ ${surname}`)).toEqual([wanjiku.id]);
  });

  it('by a word of the organisation', async () => {
    expect(await ids('attendees', org.toLowerCase())).toEqual([wanjiku.id]);
  });

  it('by the full e-mail address in any case', async () => {
    expect(await ids('attendees', `grace.${surname}@example.ORG`.toUpperCase())).toEqual([wanjiku.id]);
  });

  it('by its reference in any case', async () => {
    expect(await ids('attendees', wanjiku.id.toUpperCase())).toEqual([wanjiku.id]);
    expect(await ids('attendees', ` ${njeri.id} `)).toEqual([njeri.id]);
  });

  it('by its payment code, however it is typed', async () => {
    const code = String(wanjiku.doc.paymentCode);
    const body = code.slice(4);
    for (const typed of [code, code.toLowerCase(), `ncs${body.toLowerCase()}`, body, ` ncs ${body.slice(0, 2)} ${body.slice(2)} `]) {
      expect(await ids('attendees', typed)).toEqual([wanjiku.id]);
    }
    expect(await ids('attendees', String(njeri.doc.paymentCode).replace('-', ''))).toEqual([njeri.id]);
  });

  it('within the screen’s filters (served by the indexes in firestore.indexes.json)', async () => {
    expect(await ids('attendees', surname, { status: 'confirmed' })).toEqual([njeri.id]);
    expect(await ids('attendees', surname, { paymentStatus: 'unpaid' })).toEqual([wanjiku.id]);
    expect(await ids('attendees', surname, { type: 'survivor' })).toEqual([njeri.id]);
  });

  it('not by a word it lacks, nor by the inside of a word', async () => {
    expect(await ids('attendees', `${surname} kamau`)).toEqual([]);
    expect(await ids('attendees', surname.slice(3))).toEqual([]);
  });

  it('in the demo data too (the seed writes tokens)', async () => {
    expect((await search('admin', 'attendees', 'Odhiambo')).items.map((r) => r.fullName)).toContain('Brian Odhiambo');
  });
});

describe('staff search finds applications and bookings', () => {
  it('a booth by its contact’s name, its organisation and its reference, on its own tab only', async () => {
    expect(await ids('booths', `esther ${surname}`)).toEqual([booth.id]);
    expect(await ids('booths', `pharma ${org}`)).toEqual([booth.id]);
    expect(await ids('booths', booth.id.toUpperCase())).toEqual([booth.id]);
    expect(await ids('booths', String(booth.doc.paymentCode).toLowerCase().replace('-', ''))).toEqual([booth.id]);
    expect(await ids('partners', `esther ${surname}`)).toEqual([]);
  });
});

// Attendees are read by finance and administrators only (SENSITIVE_DATA), so only they search them.
describe('who may search attendees', () => {
  it.each(ACTORS.map((actor) => [actor, allowedFor(FINANCE, actor)] as const))('%s: %s', async (actor, expected) => {
    const byToken = query(
      collection(as.db[actor], 'registrations'),
      where('searchTokens', 'array-contains', `njeri.${surname}@example.org`.toLowerCase()),
      limit(5),
    );
    expect(await verdict(getDocs(byToken))).toBe(expected);
  });
});

describe('the rules bound searchTokens on a visitor’s record', () => {
  const tokensOf = (d: Draft) => d.doc.searchTokens as string[];
  const withTokens = (d: Draft, tokens: unknown) => d.writes({ ...d.doc, searchTokens: tokens } as Doc);
  const tryRegistration = async (tokens: (own: string[], d: Draft) => unknown, change: Record<string, unknown> = {}) => {
    const draft = await FORMS.registration.draft(change);
    const result = await verdict(commit(draft.by.db, withTokens(draft, tokens(tokensOf(draft), draft))));
    if (result === 'allowed') created.push(`registrations/${draft.id}`, `mail/${draft.id}`, `throttles/${draft.by.uid}`);
    return result;
  };
  const fill = (own: string[], n: number) => [...own, ...Array.from({ length: n - own.length }, (_, i) => `t${i}`)];

  it(`allows ${MAX_SEARCH_TOKENS} tokens and a ${MAX_TOKEN_LENGTH}-character token (the limits)`, async () => {
    expect(await tryRegistration((own) => fill(own, MAX_SEARCH_TOKENS))).toBe('allowed');
    expect(await tryRegistration((own) => [...own, 'x'.repeat(MAX_TOKEN_LENGTH)])).toBe('allowed');
  });

  it('allows an e-mail typed in capitals when its token is in lower case', async () => {
    expect(await tryRegistration((own) => own, { email: 'ACHIENG.CAPS@EXAMPLE.ORG' })).toBe('allowed');
  });

  it.each<[string, (own: string[], d: Draft) => unknown]>([
    [`${MAX_SEARCH_TOKENS + 1} tokens`, (own) => fill(own, MAX_SEARCH_TOKENS + 1)],
    ['10,000 tokens', (own) => fill(own, 10_000)],
    [`a token of ${MAX_TOKEN_LENGTH + 1} characters`, (own) => [...own, 'x'.repeat(MAX_TOKEN_LENGTH + 1)]],
    ['a 100,000-character token', (own) => [...own, 'x'.repeat(100_000)]],
    ['an empty token', (own) => [...own, '']],
    ['a token with a space', (own) => [...own, 'two words']],
    ['a token with a line break', (own) => [...own, 'two\nlines']],
    ['a token with a line break and a space (the separator trick)', (own) => [...own, `ok\nnot ok`]],
    ['a token with a tab', (own) => [...own, 'two\twords']],
    ['a number among the tokens', (own) => [...own, 42]],
    ['null among the tokens', (own) => [...own, null]],
    // (A list inside the list is refused by Firestore itself: the SDK does not even send it.)
    ['a map among the tokens', (own) => [...own, { token: 'x' }]],
    ['a string instead of a list', (own) => own.join(' ')],
    ['a map instead of a list', (own) => Object.fromEntries(own.map((t, i) => [String(i), t]))],
    ['an empty list (hiding the record from search)', () => []],
    ['tokens without the e-mail address', (own, d) => own.filter((t) => t !== String(d.doc.email).toLowerCase())],
    ['tokens without the reference', (own, d) => own.filter((t) => t !== d.id.toLowerCase())],
    ['the e-mail not in lower case instead', (own, d) => own.map((t) => (t === String(d.doc.email).toLowerCase() ? 'Achieng@Example.org' : t))],
    ['another record’s reference instead of its own', (own, d) => own.map((t) => (t === d.id.toLowerCase() ? 'demo-registration-1' : t))],
  ])('refuses %s', async (_, tokens) => {
    expect(await tryRegistration(tokens, { email: 'Achieng@Example.org' })).toBe('denied');
  });

  it.each([FORMS.partner, FORMS.booth])('refuses a $name without its reference or with a non-string token', async (form) => {
    const missing = await form.draft();
    expect(
      await verdict(
        commit(
          missing.by.db,
          withTokens(
            missing,
            tokensOf(missing).filter((t) => t !== missing.id.toLowerCase()),
          ),
        ),
      ),
    ).toBe('denied');
    const typed = await form.draft();
    expect(await verdict(commit(typed.by.db, withTokens(typed, [...tokensOf(typed), 7])))).toBe('denied');
  });

  it('refuses finance rewriting a record’s tokens (only payment and status fields move)', async () => {
    expect(await verdict(updateDoc(doc(as.db.finance, 'registrations', njeri.id), { searchTokens: ['hidden'] }))).toBe('denied');
  });
});
