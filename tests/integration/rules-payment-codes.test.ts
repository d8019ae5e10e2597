// Payment codes by role (firestore.rules: paymentCodes, claimsPaymentCode, keepsPaymentCode,
// codeUnchanged): a registration or application is created only with a well-formed code claimed
// for it in its own commit; a claim is made only by that commit, names that record, and is never
// moved, reused or freed. Each case starts from the site's real commit (the control passes) and
// changes one thing.
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, writePath, type BatchWrite } from '../../src/lib/db.ts';
import { checkSymbol, paymentCodeClaimWrite, paymentCodePath } from '../../src/data/payment-codes.ts';
import { throttleWrite } from '../../src/data/visitor-throttle.ts';
import { registrationMoveWrites } from '../../src/admin/registration-moves.ts';
import { applicationChange, applicationCheckoutPath, applicationCheckoutWrite, applicationMoveWrites } from '../../src/data/application-record.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, visitor } from './support/clients.ts';
import { commit, dropWrite, fieldsOf, FORMS, partnerDoc, registrationDoc, searchable, type Doc, type Draft, type PublicForm } from './support/forms.ts';
import { fixture, ownerGet, unclaimedCode, uniqueId } from './support/owner.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');
const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');

/** A draft's commit with its record's code changed (its claim, tokens and email follow, as the site would build them). */
const withCode = (d: Draft, paymentCode: unknown) => d.writes({ ...d.doc, paymentCode });

/** A code of the right shape whose check symbol is wrong. */
const wrongCheck = (code: string) => code.slice(0, -1) + (code.endsWith('2') ? '3' : '2');

const RECORD_FORMS: PublicForm[] = [FORMS.registration, FORMS.partner, FORMS.booth];

describe.each(RECORD_FORMS.map((f) => [f.name, f] as const))('a %s and its payment code', (_, form) => {
  it('control: the site’s commit creates the record with its code, claimed for it', async () => {
    const d = await form.draft();
    await allowed(commit(d.by.db, d.writes()));
    const code = String(d.doc.paymentCode);
    expect(await ownerGet(`${form.collection}/${d.id}`)).toMatchObject({ paymentCode: code, searchTokens: expect.arrayContaining([code.toLowerCase()]) });
    expect(await ownerGet(paymentCodePath(code))).toEqual({ collection: form.collection, recordId: d.id });
    expect(await ownerGet(`mail/${d.id}`)).toMatchObject({ template: { data: { reference: d.id, code } } });
  });

  it('may not be created without a code (nor its claim)', async () => {
    const d = await form.draft();
    const { paymentCode: _c, ...without } = d.doc;
    await denied(commit(d.by.db, d.writes(without)));
  });

  it('may not be created with its code but without the claim', async () => {
    const d = await form.draft();
    await denied(commit(d.by.db, dropWrite(d.writes(), paymentCodePath(String(d.doc.paymentCode)))));
  });

  it.each([
    ['a wrong check symbol', (c: string) => wrongCheck(c)],
    ['lower case', (c: string) => c.toLowerCase()],
    ['no dash', (c: string) => c.replace('-', '')],
    ['another prefix', (c: string) => c.replace('NCS', 'NCX')],
    ['a 0 for an O', () => `NCS-0K2Q${checkSymbol('2K2Q')}`],
    ['an I', () => 'NCS-IK2QD'],
    ['four symbols', (c: string) => c.slice(0, -1)],
    ['six symbols', (c: string) => `${c}D`],
    ['a space around it', (c: string) => ` ${c}`],
    ['a Unicode dash', (c: string) => c.replace('-', '‐')],
    ['full-width letters', (c: string) => c.replace('NCS', 'ＮＣＳ')],
  ])('may not be created with a code with %s', async (_, malform) => {
    const d = await form.draft();
    await denied(commit(d.by.db, withCode(d, malform(String(d.doc.paymentCode)))));
  });

  it('may not name its code with a line break, claiming the clean code (no document can be named with one)', async () => {
    const d = await form.draft();
    const code = String(d.doc.paymentCode);
    const claim = d.writes().find((w) => writePath(w) === paymentCodePath(code))!;
    const writes = withCode(d, `${code}\n`).map((w) => (writePath(w).startsWith('paymentCodes/') ? claim : w));
    await denied(commit(d.by.db, writes));
  });

  it('may not be created with a code that is not text (no claim can be written for it)', async () => {
    const d = await form.draft();
    await denied(commit(d.by.db, withCode(d, 42)));
  });

  it('may not take a code another record holds, nor rewrite its claim', async () => {
    const first = await form.draft();
    await allowed(commit(first.by.db, first.writes()));
    const second = await form.draft();
    const taken = String(first.doc.paymentCode);
    await denied(commit(second.by.db, withCode(second, taken)));
    // Without rewriting the claim: the record names a code whose claim names someone else.
    await denied(commit(second.by.db, dropWrite(withCode(second, taken), paymentCodePath(taken))));
    expect(await ownerGet(paymentCodePath(taken))).toEqual({ collection: form.collection, recordId: first.id });
  });

  it('may not claim its code for another record, or in the other collection', async () => {
    const d = await form.draft();
    const code = String(d.doc.paymentCode);
    const other = form.collection === 'registrations' ? 'partners' : 'registrations';
    for (const claim of [
      { collection: form.collection, recordId: uniqueId('elsewhere') },
      { collection: other, recordId: d.id },
      { collection: form.collection, recordId: d.id, extra: true },
    ]) {
      const writes = d.writes().map((w) => (writePath(w) === paymentCodePath(code) ? { set: paymentCodePath(code), data: claim } : w));
      await denied(commit(d.by.db, writes));
    }
  });

  it('may not leave its code out of the tokens staff search by', async () => {
    const d = await form.draft();
    const code = String(d.doc.paymentCode).toLowerCase();
    await denied(commit(d.by.db, d.writes({ ...d.doc, searchTokens: (d.doc.searchTokens as string[]).filter((t) => t !== code) })));
  });
});

describe('claims on their own', () => {
  const claimOnly = async (claim: Doc, code?: string) => {
    const v = await visitor();
    const c = code ?? (await unclaimedCode());
    return { v, code: c, write: { set: paymentCodePath(c), data: claim } as BatchWrite };
  };

  it('nobody claims a code for a record that is not created in the same commit', async () => {
    const { v, write } = await claimOnly({ collection: 'registrations', recordId: uniqueId('never-made') });
    await denied(commit(v.db, [write]));
    await denied(commit(as.db.admin, [write]));
  });

  it('nobody claims a code for an existing record (an older one without a code, or someone else’s)', async () => {
    const id = uniqueId('older');
    const { paymentCode: _c, ...older } = fieldsOf(partnerDoc(id));
    await fixture(`partners/${id}`, older);
    const code = await unclaimedCode();
    const { v, write } = await claimOnly({ collection: 'partners', recordId: id }, code);
    await denied(commit(v.db, [write]));
    // Not even by writing the code onto the record in the same commit.
    await denied(commit(as.db.admin, [write, { update: `partners/${id}`, data: { paymentCode: code } }]));
    // Someone else's record, which has its own code.
    const theirs = await FORMS.partner.draft();
    await allowed(commit(theirs.by.db, theirs.writes()));
    const second = await claimOnly({ collection: 'partners', recordId: theirs.id });
    await denied(commit(second.v.db, [second.write]));
  });

  it('a claim is never updated or deleted, by anyone', async () => {
    const d = await FORMS.booth.draft();
    await allowed(commit(d.by.db, d.writes()));
    const path = paymentCodePath(String(d.doc.paymentCode));
    const [, code] = path.split('/');
    for (const who of [d.by.db, as.db.anonymous, as.db.finance, as.db.admin]) {
      await denied(updateDoc(doc(who, 'paymentCodes', code), { id: uniqueId('moved') }));
      await denied(setDoc(doc(who, 'paymentCodes', code), { collection: 'partners', recordId: d.id }));
      await denied(deleteDoc(doc(who, 'paymentCodes', code)));
    }
    expect(await ownerGet(path)).toEqual({ collection: 'partners', recordId: d.id });
  });

  it('only staff read what a claim names (a code is guessable); anyone may find a code free; only staff list them', async () => {
    const d = await FORMS.partner.draft();
    await allowed(commit(d.by.db, d.writes()));
    const code = String(d.doc.paymentCode);
    for (const actor of ['anonymous', 'signedIn', 'unverified'] as const) await denied(getDoc(doc(as.db[actor], 'paymentCodes', code)));
    for (const actor of ['editor', 'finance', 'admin'] as const)
      expect((await getDoc(doc(as.db[actor], 'paymentCodes', code))).data()).toEqual({ collection: 'partners', recordId: d.id });
    await allowed(getDoc(doc(as.db.anonymous, 'paymentCodes', await unclaimedCode())));
    for (const actor of ['anonymous', 'signedIn', 'unverified'] as const) await denied(getDocs(collection(as.db[actor], 'paymentCodes')));
    for (const actor of ['editor', 'finance', 'admin'] as const) await allowed(getDocs(collection(as.db[actor], 'paymentCodes')));
  });
});

describe('a record’s code never changes', () => {
  it('neither the admin nor finance changes or removes it', async () => {
    const d = await FORMS.partner.draft();
    await allowed(commit(d.by.db, d.writes()));
    const next = await unclaimedCode();
    const current = { ...(await ownerGet(`partners/${d.id}`))!, id: d.id };
    await denied(
      commit(as.db.admin, [...applicationChange(current, { paymentCode: next }), paymentCodeClaimWrite(next, { collection: 'partners', recordId: d.id })]),
    );
    await denied(commit(as.db.admin, applicationChange(current, { paymentCode: next })));
    await denied(commit(as.db.finance, applicationChange(current, { paymentCode: next })));
    await allowed(commit(as.db.admin, applicationChange(current, { status: 'confirmed' })));
  });
});

describe('records the administrator creates', () => {
  it('restoring an archived application keeps its code (its claim was never freed)', async () => {
    const d = await FORMS.partner.draft();
    await allowed(commit(d.by.db, d.writes()));
    const db = createDb(() => as.db.admin);
    // Its checkout projection leaves with it and comes back with it (as the Archive screen moves them).
    await denied(db.moveToArchive('partners', d.id));
    await allowed(db.moveToArchive('partners', d.id, (moved) => Promise.resolve(applicationMoveWrites('archive', d.id, moved))));
    expect(await ownerGet(applicationCheckoutPath(d.id))).toBeNull();
    expect(await ownerGet(paymentCodePath(String(d.doc.paymentCode)))).toEqual({ collection: 'partners', recordId: d.id });
    await denied(db.restoreFromArchive('partners', d.id));
    await allowed(db.restoreFromArchive('partners', d.id, (moved) => Promise.resolve(applicationMoveWrites('original', d.id, moved))));
    expect(await ownerGet(`partners/${d.id}`)).toMatchObject({ paymentCode: d.doc.paymentCode });
    expect(await ownerGet(applicationCheckoutPath(d.id))).toMatchObject({ paymentCode: d.doc.paymentCode });
  });

  it('restoring an archived registration keeps its code, in its checkout too', async () => {
    const d = await FORMS.registration.draft();
    await allowed(commit(d.by.db, d.writes()));
    const db = createDb(() => as.db.admin);
    await allowed(db.moveToArchive('registrations', d.id, (moved, read) => registrationMoveWrites('archive', d.id, moved, read)));
    await allowed(db.restoreFromArchive('registrations', d.id, (moved, read) => registrationMoveWrites('original', d.id, moved, read)));
    expect(await ownerGet(`checkouts/${d.id}`)).toMatchObject({ paymentCode: d.doc.paymentCode });
  });

  it('an older archived record without a code is restored as it was', async () => {
    const id = uniqueId('older-archived');
    const { paymentCode: _c, ...older } = fieldsOf(partnerDoc(id));
    await fixture(`archive/partners/items/${id}`, older);
    await allowed(createDb(() => as.db.admin).restoreFromArchive('partners', id, (moved) => Promise.resolve(applicationMoveWrites('original', id, moved))));
    expect(await ownerGet(`partners/${id}`)).not.toHaveProperty('paymentCode');
    expect(await ownerGet(applicationCheckoutPath(id))).toMatchObject({ paymentCode: '' });
  });

  it('the admin creates an application only with a code claimed for it, never with another’s or without one', async () => {
    const theirs = await FORMS.booth.draft();
    await allowed(commit(theirs.by.db, theirs.writes()));
    const make = async (code: string, claim: boolean) => {
      const id = uniqueId('by-admin');
      const record = { ...searchable({ ...partnerDoc(id, code), id }), timestamp: new Date() };
      return [
        { set: `partners/${id}`, data: record },
        applicationCheckoutWrite({ ...record, id }),
        ...(claim ? [paymentCodeClaimWrite(code, { collection: 'partners', recordId: id })] : []),
      ] as BatchWrite[];
    };
    await allowed(commit(as.db.admin, await make(await unclaimedCode(), true)));
    // Not without its checkout projection.
    await denied(
      commit(
        as.db.admin,
        (await make(await unclaimedCode(), true)).filter((w) => !writePath(w).startsWith('applicationCheckouts/')),
      ),
    );
    await denied(commit(as.db.admin, await make(String(theirs.doc.paymentCode), false)));
    await denied(commit(as.db.admin, await make(await unclaimedCode(), false)));
    const id = uniqueId('by-admin');
    const { paymentCode: _c, ...codeless } = partnerDoc(id);
    await denied(setDoc(doc(as.db.admin, 'partners', id), { ...codeless, timestamp: new Date() }));
    await denied(setDoc(doc(as.db.finance, 'partners', id), { ...codeless, timestamp: new Date() }));
  });
});

describe('two records, one code', () => {
  it('the second of two visitors drawing the same code is refused; the first keeps it', async () => {
    const code = await unclaimedCode();
    const [a, b] = [await FORMS.booth.draft(), await FORMS.registration.draft()];
    await allowed(commit(a.by.db, withCode(a, code)));
    await denied(commit(b.by.db, withCode(b, code)));
    expect(await ownerGet(paymentCodePath(code))).toEqual({ collection: 'partners', recordId: a.id });
  });

  it('one commit may not create a registration and claim its code for an application as well', async () => {
    const d = await FORMS.registration.draft();
    const code = String(d.doc.paymentCode);
    const appId = uniqueId('partners');
    const application = { ...fieldsOf(registrationDoc(appId)), id: appId };
    const writes = [...d.writes(), { set: `partners/${appId}`, data: application }, throttleWrite(d.by.uid, 'partners', appId, null)];
    await denied(
      commit(
        d.by.db,
        writes.map((w) => (writePath(w) === paymentCodePath(code) ? { set: paymentCodePath(code), data: { collection: 'partners', recordId: appId } } : w)),
      ),
    );
  });
});
