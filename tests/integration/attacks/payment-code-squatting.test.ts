// Attacker's suite, class 7: squatting payment codes. A code is what a payer types into M-Pesa's
// account number, so whoever could hold two, move one, or hang a claim on something that is not a
// record could divert statement money. Each attack starts from the site's own commit (the control
// passes) and adds or changes one thing (firestore.rules: paymentCodes, claimsPaymentCode,
// keepsPaymentCode, codeUnchanged).
import { applicationCheckoutPath, applicationCheckoutWrite } from '../../../src/data/application-record.ts';
import { deleteDoc, doc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCodeClaimWrite, paymentCodePath } from '../../../src/data/payment-codes.ts';
import { signInActors, verdict, type Actors } from '../support/actors.ts';
import { closeClients } from '../support/clients.ts';
import { commit, FORMS, searchable, type Draft, type PublicForm } from '../support/forms.ts';
import { ownerGet, unclaimedCode } from '../support/owner.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');

const codeOf = (d: Draft) => String(d.doc.paymentCode);

/** An administrator removes an application with its checkout projection. */
const removal = (id: string) => [{ delete: `partners/${id}` }, { delete: applicationCheckoutPath(id) }];

describe.each([FORMS.registration, FORMS.booth].map((f) => [f.name, f] as [string, PublicForm]))('a visitor’s %s', (_, form) => {
  it('never holds a second code (control: the site’s commit with one)', async () => {
    const d = await form.draft();
    const spare = paymentCodeClaimWrite(await unclaimedCode(), { collection: form.collection as 'registrations' | 'partners', recordId: d.id });
    await denied(commit(d.by.db, [...d.writes(), spare]));
    await allowed(commit(d.by.db, d.writes()));
    expect(await ownerGet(paymentCodePath(codeOf(d)))).toEqual({ collection: form.collection, recordId: d.id });
  });

  it('never changes its code afterwards, nor frees it, even as its owner (control: created with it)', async () => {
    const d = await form.draft();
    await allowed(commit(d.by.db, d.writes()));
    const fresh = await unclaimedCode();
    await denied(
      commit(d.by.db, [
        { update: `${form.collection}/${d.id}`, data: { paymentCode: fresh } },
        paymentCodeClaimWrite(fresh, { collection: form.collection as 'registrations' | 'partners', recordId: d.id }),
      ]),
    );
    await denied(updateDoc(doc(d.by.db, form.collection, d.id), { paymentCode: fresh }));
    await denied(deleteDoc(doc(d.by.db, 'paymentCodes', codeOf(d))));
    expect(await ownerGet(`${form.collection}/${d.id}`)).toMatchObject({ paymentCode: codeOf(d) });
  });
});

describe('claims on what is not a record', () => {
  it('a contact message carrying a code claims nothing (control: the message alone)', async () => {
    const d = await FORMS.message.draft();
    const code = await unclaimedCode();
    const withCode = d.writes({ ...d.doc, paymentCode: code });
    await denied(commit(d.by.db, [...withCode, { set: paymentCodePath(code), data: { collection: 'messages', recordId: d.id } }]));
    await denied(commit(d.by.db, [...d.writes(), { set: paymentCodePath(code), data: { collection: 'messages', recordId: d.id } }]));
    await allowed(commit(d.by.db, d.writes()));
    expect(await ownerGet(paymentCodePath(code))).toBeNull();
  });

  it('finance and editors create no record with a code of their choosing (control: an administrator may)', async () => {
    const d = await FORMS.booth.draft();
    const code = codeOf(d);
    const record = searchable({ ...d.doc, timestamp: new Date() });
    const writes = [
      { set: `partners/${d.id}`, data: record },
      applicationCheckoutWrite({ ...record, id: d.id }),
      paymentCodeClaimWrite(code, { collection: 'partners', recordId: d.id }),
    ];
    await denied(commit(as.db.finance, writes));
    await denied(commit(as.db.editor, writes));
    await allowed(commit(as.db.admin, writes));
  });
});

describe('documented: what an administrator may do', () => {
  it('deleting a record and recreating it under a new code keeps the old code naming it (statements quoting it still find it)', async () => {
    const d = await FORMS.booth.draft();
    await allowed(commit(d.by.db, d.writes()));
    const before = (await ownerGet(`partners/${d.id}`))!;
    await allowed(commit(as.db.admin, removal(d.id)));
    const fresh = await unclaimedCode();
    await allowed(
      commit(as.db.admin, [
        { set: `partners/${d.id}`, data: searchable({ ...before, paymentCode: fresh }) },
        applicationCheckoutWrite({ ...before, id: d.id, paymentCode: fresh }),
        paymentCodeClaimWrite(fresh, { collection: 'partners', recordId: d.id }),
      ]),
    );
    expect(await ownerGet(paymentCodePath(codeOf(d)))).toEqual({ collection: 'partners', recordId: d.id });
    // …but never with another record's code
    const other = await FORMS.booth.draft();
    await allowed(commit(other.by.db, other.writes()));
    await allowed(commit(as.db.admin, removal(d.id)));
    await denied(
      commit(as.db.admin, [
        { set: `partners/${d.id}`, data: searchable({ ...before, paymentCode: codeOf(other) }) },
        applicationCheckoutWrite({ ...before, id: d.id, paymentCode: codeOf(other) }),
      ]),
    );
  });
});
