// Attacker's suite, class 10: words a staff member chooses, in an email to someone else. Every value
// a template shows comes from a record or settings and is checked as such: the waiting-list offer's
// deadline has the grammar of a Nairobi date and time, and a part payment's amount and what is
// still due are the payment's and the record's own figures. (Issue 32, item 14.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { waitlistOfferMail } from '../../../src/data/mail.ts';
import { joinWaitlistWrites, offerWrites } from '../../../src/data/waitlist.ts';
import { deadlineText } from '../../../src/data/timed-work/decisions.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { boothDoc, commit, fieldsOf, REGISTRATION, type Doc } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { attendee, freeSlot } from '../support/seats.ts';
import { applyLine, statementImport, statementLine } from '../support/statement.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const LURE = 'CALL 0712 000 000 FOR REFUND';

describe('the waiting-list offer’s deadline', () => {
  /** Finance offers a free slot to a person waiting, with `deadline` in the email. */
  async function offer(deadline: string) {
    const who = await attendee();
    expect(await verdict(commit(who.db, joinWaitlistWrites({ ...REGISTRATION, email: who.email })))).toBe('allowed');
    const seat = await freeSlot();
    return verdict(
      commit(as.db.finance, [
        ...offerWrites(who.email, seat),
        waitlistOfferMail(uniqueId('mail'), { email: who.email, fullName: REGISTRATION.fullName }, deadline),
      ]),
    );
  }

  it('a date and time as the back office writes it goes (the control)', async () => {
    expect(await offer(deadlineText(new Date(Date.now() + 48 * 3_600_000)))).toBe('allowed');
    expect(await offer('6 Sept 2027, 00:07 (Nairobi time)')).toBe('allowed');
  });

  it.each([
    [LURE],
    [`12 Mar 2027, 14:00 (Nairobi time) ${LURE}`],
    ['https://evil.example/claim'],
    ['32 Mar 2027, 14:00 (Nairobi time)'],
    ['12 Mar 2027, 24:00 (Nairobi time)'],
  ])('refuses %j', async (deadline) => {
    expect(await offer(deadline)).toBe('denied');
  });
});

describe('a part payment’s amounts', () => {
  let importId: string;
  beforeAll(async () => {
    importId = await statementImport('words-import');
  });

  /** A confirmed booth booking of KES 50,000, paid KES 20,000.50 from one statement line, with the email's data changed by `change`. */
  async function partPay(change: (data: Doc) => Doc = (d) => d) {
    const id = uniqueId('words-booth');
    await fixture(`partners/${id}`, { ...fieldsOf(boothDoc(id)), fee: 50_000, status: 'confirmed', paymentStatus: 'unpaid' });
    const tamper = (writes: BatchWrite[]) =>
      writes.map((w) => {
        if (!writePath(w).startsWith('mail/') || !('data' in w)) return w;
        const template = w.data.template as Doc;
        return { ...w, data: { ...w.data, template: { ...template, data: change(template.data as Doc) } } };
      });
    const result = await verdict(
      applyLine(as.db.finance, importId, statementLine(2_000_050, { payer: 'AFYA LABS' }, 'WD'), { collection: 'partners', id }, { tamper }),
    );
    return { result, id };
  }

  it('the figures the statement and the record hold go (the control)', async () => {
    const { result, id } = await partPay();
    expect(result).toBe('allowed');
    expect((await ownerGet(`partners/${id}`))!.receivedMinor).toBe(2_000_050);
  });

  it.each<[string, (d: Doc) => Doc]>([
    ['a lure for an amount', (d) => ({ ...d, amount: LURE })],
    ['a lure for what is due', (d) => ({ ...d, due: `KES 29,999.50 — ${LURE}` })],
    ['another amount', (d) => ({ ...d, amount: 'KES 2,000,000' })],
    ['less due than is', (d) => ({ ...d, due: 'KES 1' })],
    ['another currency', (d) => ({ ...d, amount: 'USD 20,000.50' })],
  ])('refuses %s', async (_, change) => {
    expect((await partPay(change)).result).toBe('denied');
  });
});
