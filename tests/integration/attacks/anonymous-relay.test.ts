// Attacker's suite, class 13: the site as an anonymous relay. The contact, partnership, booth and
// pledge acknowledgements go to whatever address the visitor typed, and identities are free, so a
// per-identity cap does not stop someone mailing strangers in the summit's name. An email to an
// address nobody has proved carries no words the sender chose: only fixed wording, settings'
// labels and the record's reference and code. Staff's decision on an application goes to the same
// unproven address, so it quotes none of the applicant's words either. (Issue 32, item 13.)
import { applicationChange } from '../../../src/data/application-record.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchWrite } from '../../../src/lib/db.ts';
import { applicationDecisionMail } from '../../../src/data/mail.ts';
import { payableRecord } from '../../../src/data/payable-records.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, fieldsOf, FORMS, partnerDoc, type Doc, type PublicForm } from '../support/forms.ts';
import { fixture, ownerGet, uniqueId } from '../support/owner.ts';
import { dataOf, withMail } from '../support/verdicts.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const LURE = 'Refund due: confirm at https://evil.example/r';

/** The visitor's own commit with the sender's words added to its acknowledgement's data. */
const withWords = (writes: BatchWrite[], words: Doc) =>
  withMail(writes, (mail) => ({ ...mail, template: { ...(mail.template as Doc), data: { ...((mail.template as Doc).data as Doc), ...words } } }));

describe.each([
  ['a contact message', FORMS.message, { name: LURE }, { subject: LURE }],
  ['a partnership application', FORMS.partner, { name: LURE }, { organisation: LURE }],
  ['a booth booking', FORMS.booth, { name: LURE }, { organisation: LURE }],
  ['a pledge', FORMS.donation, { name: LURE }, { amount: 'KES 9,999,999' }],
] as Array<[string, PublicForm, Doc, Doc]>)('%s', (_what, form, name, other) => {
  it('is acknowledged with its reference and fixed wording (the control)', async () => {
    const draft = await form.draft();
    expect(await verdict(commit(draft.by.db, draft.writes()))).toBe('allowed');
    const data = ((await ownerGet(`mail/${draft.id}`))?.template as Doc).data as Doc;
    expect(data.reference).toBe(draft.id);
    expect(Object.values(data)).not.toContain(LURE);
  });

  it.each([
    ['the sender’s name', name],
    ['the sender’s other words', other],
  ])('refuses an acknowledgement quoting %s', async (_words, words) => {
    const draft = await form.draft();
    expect(await verdict(commit(draft.by.db, withWords(draft.writes(), words)))).toBe('denied');
    expect(await ownerGet(`mail/${draft.id}`)).toBeNull();
  });
});

describe('staff’s decision on an application', () => {
  /** An application under review, stored past the rules, and finance's decision with its email (its data changed by `words`). */
  async function decide(approved: boolean, words: Doc) {
    const id = await fixture(`partners/${uniqueId('partner')}`, { ...fieldsOf(partnerDoc('')), contactName: LURE, organisation: LURE });
    const stored = (await ownerGet(`partners/${id}`))!;
    const mail = applicationDecisionMail(uniqueId('mail'), payableRecord('partners', { ...stored, id }), approved);
    const writes: BatchWrite[] = [...applicationChange({ ...stored, id }, { status: approved ? 'confirmed' : 'cancelled' }), mail];
    return verdict(commit(as.db.admin, withWords(writes, words)));
  }

  it.each([true, false])('approved %s: sent with the reference and code only (the control)', async (approved) => {
    expect(await decide(approved, {})).toBe('allowed');
  });

  it.each([true, false])('approved %s: refused quoting the applicant’s name or organisation', async (approved) => {
    expect(await decide(approved, { name: LURE })).toBe('denied');
    expect(await decide(approved, { organisation: LURE })).toBe('denied');
  });

  it('the data the site builds holds none of them', () => {
    const record = payableRecord('partners', { ...fieldsOf(partnerDoc('')), id: 'p1', contactName: LURE, organisation: LURE });
    expect(Object.values((dataOf(applicationDecisionMail('m', record, false)).template as Doc).data as Doc)).not.toContain(LURE);
  });
});
