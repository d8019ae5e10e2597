// statementFormats/{id}, the banks' statement layouts: who may read and keep them (the matrix's
// style: each actor, each operation), and hostile layouts finance could send by hand (the
// hostile tests' style: the real save, with one thing changed, so each denial is that change's).
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BANK_FORMAT } from '../../emulator/seed/sample-forms.ts';
import { bankFormatFormSchema, saveStatementFormatWrite, statementFormatDocument, type BankFormatValues } from '../../src/data/statement-formats.ts';
import { createDb } from '../../src/lib/db.ts';
import { ACTORS, allowedFor, caseName, FINANCE, named, signInActors, verdict, type Actor, type Actors } from './support/actors.ts';
import { closeClients } from './support/clients.ts';
import { ownerGet, uniqueId } from './support/owner.ts';
import { ownerWrite } from './support/seats.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

/** A layout as the Statement formats form saves it. */
const VALUES: BankFormatValues = bankFormatFormSchema.parse(SAMPLE_BANK_FORMAT);

/** The form's own write, through the data module (as the screen commits it). */
const save = (db: Firestore, id: string, values: BankFormatValues = VALUES) => createDb(() => db).commit([saveStatementFormatWrite(id, values)]);

/** The document the form would write, to tamper with. */
const storedShape = (id: string) => saveStatementFormatWrite(id, VALUES) as { data: Record<string, unknown> };

/** A layout stored past the rules. */
const stored = async () => {
  const id = uniqueId('bank');
  await ownerWrite([`statementFormats/${id}`, storedShape(id).data]);
  return id;
};

const OPS: Record<string, (db: Firestore) => Promise<unknown>> = {
  get: async (db) => getDoc(doc(db, 'statementFormats', await stored())),
  list: (db) => getDocs(query(collection(db, 'statementFormats'), limit(5))),
  create: (db) => save(db, uniqueId('bank')),
  update: async (db) => save(db, await stored(), { ...VALUES, amountColumn: 'Money In' }),
  delete: async (db) => deleteDoc(doc(db, 'statementFormats', await stored())),
};

describe('statement formats, by role', () => {
  // Anonymous and signed-in visitors, the unverified admin and editors are refused; finance and administrators keep them.
  const cells = ACTORS.flatMap((actor: Actor) =>
    Object.keys(OPS).map((op) => ({
      actor,
      op,
      expected: allowedFor(FINANCE, actor),
      name: caseName(actor, allowedFor(FINANCE, actor), `${op} statementFormats`),
    })),
  );
  it.each(named(cells))('%s', async (_, { actor, op, expected }) => {
    expect(await verdict(OPS[op](as.db[actor]))).toBe(expected);
  });

  it('a saved layout is stored exactly as the form gave it', async () => {
    const id = uniqueId('bank');
    await save(as.db.finance, id);
    expect(await ownerGet(`statementFormats/${id}`)).toEqual(statementFormatDocument(id, VALUES));
  });
});

describe('hostile statement formats (finance, by hand)', () => {
  const without = (key: string) => (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== key));
  const cases: Array<[string, (d: Record<string, unknown>) => Record<string, unknown>, string?]> = [
    ['an extra key', (d) => ({ ...d, approved: true })],
    ['a timestamp the form does not write', (d) => ({ ...d, timestamp: new Date() })],
    ['no payer column', without('payerColumn')],
    ['no details columns', (d) => ({ ...d, detailsColumns: [] })],
    ['6 details columns', (d) => ({ ...d, detailsColumns: ['A', 'B', 'C', 'D', 'E', 'F'] })],
    ['details as one string', (d) => ({ ...d, detailsColumns: 'Narrative' })],
    ['an empty details column', (d) => ({ ...d, detailsColumns: ['Narrative', ''] })],
    ['a details column that is not a string', (d) => ({ ...d, detailsColumns: ['Narrative', 7] })],
    ['a 10 KB details column', (d) => ({ ...d, detailsColumns: ['Narrative', 'x'.repeat(10_000)] })],
    ['a 10 KB receipt column', (d) => ({ ...d, receiptColumn: 'x'.repeat(10_000) })],
    ['a 10 KB name', (d) => ({ ...d, name: 'x'.repeat(10_000) })],
    ['an 81-character amount column', (d) => ({ ...d, amountColumn: 'x'.repeat(81) })],
    ['a 10 KB payer column', (d) => ({ ...d, payerColumn: 'x'.repeat(10_000) })],
    ['a line break in the date column', (d) => ({ ...d, dateColumn: 'Value\nDate' })],
    ['a NUL in the name', (d) => ({ ...d, name: 'KCB\u0000' })],
    ['a control character in a details column', (d) => ({ ...d, detailsColumns: ['Narrative', 'Ref\u001b[31m'] })],
    ['a bidirectional override in the payer column', (d) => ({ ...d, payerColumn: '\u202eTNUOCCA' })],
    ['an empty receipt column', (d) => ({ ...d, receiptColumn: '' })],
    ['the receipt column read as the date', (d) => ({ ...d, dateColumn: d.receiptColumn })],
    ['the date column read as the amount, in another case', (d) => ({ ...d, amountColumn: String(d.dateColumn).toUpperCase() })],
    ['a lowercase currency', (d) => ({ ...d, currency: 'kes' })],
    ['a four-letter currency', (d) => ({ ...d, currency: 'KESH' })],
    ['a number for the currency', (d) => ({ ...d, currency: 404 })],
    ['an id field naming another document', (d) => ({ ...d, id: 'another-bank' })],
    ['an uppercase id', (d) => d, 'KCB-current'],
    ['an id with an underscore', (d) => d, 'kcb_current'],
    ['an 81-character id', (d) => d, 'k'.repeat(81)],
    ['the built-in M-Pesa layout’s id', (d) => d, 'mpesa'],
  ];

  it('the control: the form’s own write passes', async () => {
    const id = uniqueId('bank');
    expect(await verdict(setDoc(doc(as.db.finance, 'statementFormats', id), storedShape(id).data))).toBe('allowed');
  });

  it.each(cases)('refuses %s', async (_, tamper, givenId) => {
    const id = givenId ?? uniqueId('bank');
    expect(await verdict(setDoc(doc(as.db.finance, 'statementFormats', id), tamper(storedShape(id).data)))).toBe('denied');
    // Nor as an edit of a layout already stored (an id of the wrong shape cannot have one).
    if (givenId) return;
    const existing = await stored();
    expect(await verdict(setDoc(doc(as.db.finance, 'statementFormats', existing), tamper(storedShape(existing).data)))).toBe('denied');
    expect(await ownerGet(`statementFormats/${existing}`)).toEqual(storedShape(existing).data);
  });
});
