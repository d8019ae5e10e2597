import { describe, expect, it } from 'vitest';
import type { Cursor } from '../../../lib/db.ts';
import { DEFAULT_CPD_SETTINGS, type CpdSettings } from '../../../data/certificates.ts';
import type { AttendeePage } from './eligibility-preview.ts';
import { IssueRefusal } from './issue-certificate.ts';
import { announces, ANNOUNCE_EVERY, emptyProgress, issueAllEligible, issueFailure, type BulkProgress } from './issue-all.ts';

const DAYS = ['2027-03-10', '2027-03-11'];
const SETTINGS: CpdSettings = { ...DEFAULT_CPD_SETTINGS, minDays: 2, pointsPerDay: 2 };
const both = { '2027-03-10': new Date(), '2027-03-11': new Date() };

type Item = AttendeePage['items'][number];
const person = (id: string, over: Partial<Item> = {}): Item => ({
  id,
  fullName: `Person ${id}`,
  email: `${id}@x.org`,
  status: 'checked-in',
  attendance: both,
  evaluatedDays: [],
  certificate: null,
  ...over,
});

/** The registrations as pages of `size`, noting every page read (limit and cursor). */
function pages(items: Item[]) {
  const reads: Array<{ after: string | null; limit: number }> = [];
  const fetchPage = async (after: Cursor | null, limit: number): Promise<AttendeePage> => {
    reads.push({ after: after?.id ?? null, limit });
    const start = after ? items.findIndex((i) => i.id === after.id) + 1 : 0;
    const slice = items.slice(start, start + limit);
    return { items: slice, next: start + limit < items.length ? { value: slice.at(-1)!.fullName, id: slice.at(-1)!.id } : null };
  };
  return { fetchPage, reads };
}

async function runAll(items: Item[], issue: (id: string) => Promise<unknown>, extra: { stopped?: () => boolean } = {}) {
  const { fetchPage, reads } = pages(items);
  const seen: BulkProgress[] = [];
  const issued: string[] = [];
  const final = await issueAllEligible({
    fetchPage,
    settings: SETTINGS,
    days: DAYS,
    issue: async (id) => {
      issued.push(id);
      return issue(id);
    },
    onProgress: (p) => seen.push(p),
    chunk: 2,
    ...extra,
  });
  return { final, seen, issued, reads };
}

describe('issuing all eligible', () => {
  it('walks every chunk, issues each eligible one without a valid certificate once, and skips the others', async () => {
    const items = [
      person('a'),
      person('b', { certificate: { id: 'c-b', status: 'valid', points: 4, days: DAYS, fullName: 'b' } }),
      person('c', { attendance: { '2027-03-10': new Date() } }),
      // A revoked certificate is issued again.
      person('d', { certificate: { id: 'c-d', status: 'revoked', points: 4, days: DAYS, fullName: 'd' } }),
      person('e'),
    ];
    const { final, issued, reads, seen } = await runAll(items, async () => undefined);
    expect(issued).toEqual(['a', 'd', 'e']);
    expect(reads).toEqual([
      { after: null, limit: 2 },
      { after: 'b', limit: 2 },
      { after: 'd', limit: 2 },
    ]);
    expect(final).toMatchObject({ checked: 5, issued: 3, alreadyIssued: 1, ineligible: 1, failures: [], done: true, stopped: false, halted: '' });
    // Progress after each registration, then the end.
    expect(seen.map((p) => p.checked)).toEqual([1, 2, 3, 4, 5, 5]);
  });

  it('lists each failure with its reason and carries on; one found issued meanwhile counts as already issued', async () => {
    const { final } = await runAll([person('a'), person('b'), person('c'), person('d')], async (id) => {
      if (id === 'a') throw new IssueRefusal('issued', 'Person a already has a valid certificate (x).');
      if (id === 'b') throw new IssueRefusal('ineligible', 'Person b is not eligible: Never checked in.');
      if (id === 'c') throw Object.assign(new Error('contended'), { code: 'aborted' });
    });
    expect(final).toMatchObject({ checked: 4, issued: 1, alreadyIssued: 1, done: true });
    expect(final.failures).toEqual([
      { registrationId: 'b', fullName: 'Person b', reason: 'Person b is not eligible: Never checked in.' },
      { registrationId: 'c', fullName: 'Person c', reason: 'Someone changed this registration or its certificate at the same moment: try again.' },
    ]);
  });

  it('stops at once when the settings became incomplete (every other one would fail alike)', async () => {
    const { final, issued } = await runAll([person('a'), person('b'), person('c')], async () => {
      throw new IssueRefusal('settings', 'The CPD settings are incomplete: set the provider number first.');
    });
    expect(issued).toEqual(['a']);
    expect(final).toMatchObject({ checked: 1, issued: 0, halted: 'The CPD settings are incomplete: set the provider number first.', done: true });
  });

  it('stops when asked, between certificates', async () => {
    let asked = false;
    const { final, issued } = await runAll(
      [person('a'), person('b'), person('c')],
      async () => {
        asked = true;
      },
      { stopped: () => asked },
    );
    expect(issued).toEqual(['a']);
    expect(final).toMatchObject({ checked: 1, issued: 1, stopped: true, done: true });
  });

  it('announces the start, every 25 registrations checked and the end, not each one', async () => {
    const items = Array.from({ length: 60 }, (_, i) => person(String(i).padStart(2, '0')));
    const { seen } = await runAll(items, async () => {});
    expect(seen).toHaveLength(61);
    let last: BulkProgress | null = null;
    const heard: number[] = [];
    for (const p of [emptyProgress(), ...seen])
      if (announces(p, last)) {
        heard.push(p.checked);
        last = p;
      }
    expect(ANNOUNCE_EVERY).toBe(25);
    // 0: the start; 25 and 50; 60: the final report (done), even right after a step.
    expect(heard).toEqual([0, 25, 50, 60]);
    // A run that ends (stopped, halted) between multiples is still announced.
    const at = (checked: number, done = false) => ({ ...emptyProgress(), checked, done });
    expect(announces(at(26, true), at(26))).toBe(true);
    expect(announces(at(49), at(25))).toBe(false);
    expect(announces(at(51), at(49))).toBe(true);
  });

  it('says what a database failure means', () => {
    expect(issueFailure(Object.assign(new Error('x'), { code: 'permission-denied' }))).toContain('refused');
    expect(issueFailure(Object.assign(new Error('x'), { code: 'unavailable' }))).toContain('check your connection');
    // A document over Firestore's 1 MiB cap (the mail with its PDF): not a connection problem.
    const tooLarge = issueFailure(Object.assign(new Error('Document exceeds maximum size'), { code: 'invalid-argument' }));
    expect(tooLarge).toContain('could not be stored');
    expect(tooLarge).toContain('check the logo');
    expect(tooLarge).not.toMatch(/reach the database|connection/);
    expect(issueFailure(new Error('Give the reason for revoking the certificate.'))).toBe('Give the reason for revoking the certificate.');
  });
});
