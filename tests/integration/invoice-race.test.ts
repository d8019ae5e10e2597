// Two finance staff issuing invoices at the same instant, against the whole stack (firestore.rules
// enforced). The invoice generator issues in a transaction on fresh reads of counters/invoices and
// settings/site (useIssueInvoice → useStaffTransaction → db.transact): the one whose commit lands
// second is retried by Firestore with the new counter and takes the next number. No duplicate, no
// gap; and someone who never gets a number (the retries run out) is told so, in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentVersionWrites } from '../../src/admin/content-version.ts';
import { issueFailure } from '../../src/features/invoices/admin/issue-failure.ts';
import { decideIssue, issuePaths } from '../../src/features/invoices/admin/issue-invoice.ts';
import { createDb, writePath, type Db } from '../../src/lib/db.ts';
import { DEMO_STAFF } from '../../emulator/seed/demo-data.ts';
import { client, closeClients, stack } from './support/clients.ts';
import { invoiceDraft, invoiceNumber, nextSequence } from './support/invoices.ts';
import { findDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { fixture, ownerGet } from './support/owner.ts';

interface Desk {
  email: string;
  db: Db;
}

/**
 * Issues an invoice exactly as the invoice generator's transaction does (useIssueInvoice's decide,
 * with useStaffTransaction's content-version and log writes). `meanwhile` runs inside each attempt,
 * after the reads and before the commit: where the other desk's click lands.
 */
function issue(desk: Desk, organisation: string, meanwhile: (counterSeen: number | undefined) => Promise<unknown> = async () => {}) {
  return desk.db.transact<string>(issuePaths({}), async (docs) => {
    await meanwhile(docs[0]?.last as number | undefined);
    const { writes, log, result } = decideIssue(docs, {
      draft: invoiceDraft({ organisation, email: '', kraPin: '' }),
      issuedBy: desk.email,
      issuedAt: new Date(),
    });
    return { writes: [...writes, ...contentVersionWrites(writes.map(writePath)), desk.db.activityWrite(log, desk.email)], result };
  });
}

const logEntries = async (message: string) =>
  (await findDocuments(stack(), 'logs', 'message', message)).map((d) => decodeFields(d.fields as Parameters<typeof decodeFields>[0]));

let one: Desk;
let two: Desk;

beforeAll(async () => {
  const finance = DEMO_STAFF.find((s) => s.role === 'finance')!;
  const second = { email: 'second.finance@example.org', password: 'second-finance-2027' };
  await fixture(`staff/${second.email}`, { email: second.email, role: 'finance' });
  const [a, b] = await Promise.all([client(finance), client(second)]);
  one = { email: finance.email, db: createDb(() => a) };
  two = { email: second.email, db: createDb(() => b) };
});
afterAll(closeClients);

describe('two finance staff issuing invoices at the same instant', () => {
  // Twice: the first race may be for the very first invoice (no counter yet), the second is not.
  it.each([1, 2])('get consecutive numbers, no duplicate and no gap: the one whose commit lands second is retried and takes the next (race %i)', async () => {
    const first = await nextSequence();
    // The counter before: none when no invoice was issued yet (then both try to create it).
    const before = (await ownerGet('counters/invoices'))?.last as number | undefined;
    // Both read the counter before either commits (the same instant), then both commit.
    let arrived = 0;
    let bothRead!: () => void;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    const seen: Array<[string, number | undefined]> = [];
    const atTheSameInstant = (desk: Desk) => async (counter: number | undefined) => {
      seen.push([desk.email, counter]);
      if (++arrived === 2) bothRead();
      await together;
    };
    const outcomes = await Promise.allSettled([issue(one, 'Desk one', atTheSameInstant(one)), issue(two, 'Desk two', atTheSameInstant(two))]);

    // Both were issued, nobody was refused.
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const numbers = outcomes.map((o) => (o as PromiseFulfilledResult<string>).value);
    expect([...numbers].sort()).toEqual([invoiceNumber(first), invoiceNumber(first + 1)]);
    // There was a race: both first decided on the same counter, and exactly one was retried.
    expect(seen.slice(0, 2).map(([, counter]) => counter)).toEqual([before, before]);
    expect(seen).toHaveLength(3);
    expect(seen[2][1]).toBe(first);

    // As stored: each number once, billed as its desk asked and issued by that desk; the counter
    // at the last number; nothing past it; one log entry per invoice, in its issuer's name.
    for (const [desk, number] of [
      [one, numbers[0]],
      [two, numbers[1]],
    ] as const) {
      const stored = await ownerGet(`invoices/${number}`);
      expect(stored).toMatchObject({ number, status: 'issued', issuedBy: desk.email, billTo: { organisation: desk === one ? 'Desk one' : 'Desk two' } });
      expect((await logEntries(`Issued invoice ${number} (KES 50,000)`)).map((e) => e.userEmail)).toEqual([desk.email]);
    }
    expect((await ownerGet('counters/invoices'))?.last).toBe(first + 1);
    expect(await ownerGet(`invoices/${invoiceNumber(first + 2)}`)).toBeNull();
  });

  it('someone who never gets a number (the other desk wins every retry) is told plainly, and the series stays unbroken', async () => {
    const first = await nextSequence();
    const won: string[] = [];
    let attempts = 0;
    // Every time desk one has read the counter, desk two issues an invoice before desk one commits.
    const error = await issue(one, 'Desk one', async () => {
      attempts++;
      won.push(await issue(two, 'Desk two'));
    }).then(
      () => null,
      (e: Error) => e,
    );

    // Desk one was refused after Firestore's retries, with nothing issued in its name.
    expect(error).toBeInstanceOf(Error);
    expect(attempts).toBeGreaterThan(1);
    // Desk two's invoices are the numbers in order, one after the other; the counter is at the last.
    expect(won).toEqual(Array.from({ length: attempts }, (_, i) => invoiceNumber(first + i)));
    expect((await ownerGet('counters/invoices'))?.last).toBe(first + attempts - 1);
    expect(await ownerGet(`invoices/${invoiceNumber(first + attempts)}`)).toBeNull();
    expect(
      await findDocuments(stack(), 'invoices', 'issuedBy', one.email).then((docs) =>
        docs.filter((d) => Number(decodeFields(d.fields as Parameters<typeof decodeFields>[0]).sequence) >= first),
      ),
    ).toEqual([]);

    // What the invoice generator shows desk one: that it did not get a number because others were
    // being issued at that moment, that nothing was issued, and what to do — not a connection problem.
    const shown = issueFailure(error!);
    expect(shown).toMatch(/at the same (moment|time)/);
    expect(shown).toMatch(/not issued/);
    expect(shown).toMatch(/entries are still here/);
    expect(shown).not.toMatch(/connection/);
  });
});
