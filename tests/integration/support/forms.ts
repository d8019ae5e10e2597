// The public forms as the site submits them. Every payload is built by the form's own schema
// builder (src/features/*/schema.ts) and committed with the companion writes the UI makes, so the
// rules are tested against what the site really sends; the field bounds are read from the zod
// schemas, so a limit changed on one side only fails a test.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { demoDocuments } from '../../../emulator/seed/demo-data.ts';
import { SAMPLE_REGISTRATION } from '../../../emulator/seed/sample-forms.ts';
import { createDb, serverValues, writePath, type BatchWrite } from '../../../src/lib/db.ts';
import { messageDocument, contactFormSchema, type ContactForm } from '../../../src/features/contact/schema.ts';
import { donationDocument, donationFormSchema, type DonationForm } from '../../../src/features/donations/schema.ts';
import { boothDocument, boothFormSchema, partnerDocument, partnerFormSchema, type BoothForm, type PartnerForm } from '../../../src/features/partners/schema.ts';
import { normaliseReference, referenceClaim } from '../../../src/data/transaction-codes.ts';
import { paymentDocument, paymentFormSchema, type PaymentForm, type PaymentTarget } from '../../../src/features/payments/schema.ts';
import { registrationDocument, registrationFormSchema, type RegistrationForm } from '../../../src/features/registrations/schema.ts';
import { registrationSeatWrites, type SeatChoice } from '../../../src/features/registrations/submit.ts';
import { claimSeatWrite, DEFAULT_SEAT_TIMES, newSeatClaim } from '../../../src/data/seats.ts';
import { attendeePath, holdStart } from '../../../src/data/attendees.ts';
import { checkoutWrite } from '../../../src/data/registration-record.ts';
import { applicationCheckoutWrite } from '../../../src/data/application-record.ts';
import { attendee, freeSlot, seatedFixture } from './seats.ts';
import type { Firestore } from 'firebase/firestore/lite';
import { applicationMail, donationMail, messageMail, paymentReceivedMail, registrationMail } from '../../../src/data/mail.ts';
import { payableRecord } from '../../../src/data/payable-records.ts';
import { fixture, freshCode, ownerDelete, ownerGet, unclaimedCode, uniqueId } from './owner.ts';
import { paymentCodeClaimWrite } from '../../../src/data/payment-codes.ts';
import { visitor as freshVisitor } from './clients.ts';
import { throttleWrite, type ThrottleEntry, type ThrottledCollection } from '../../../src/data/visitor-throttle.ts';
import { recordSearchTokens, SEARCHABLE_COLLECTIONS, type Searchable } from '../../../src/data/search-tokens.ts';

export type Doc = Record<string, unknown>;

type Fees = Record<string, { label: string; fee: number }>;
interface Site {
  tagline: string;
  currency: string;
  categories: Fees;
  partnerTiers: Fees;
  boothTypes: Fees;
  invoicePrefix: string;
  invoiceStartNumber: number;
  instituteKraPin: string;
}

/** settings/site as seeded (emulator/seed/demo-data.ts): the fees and currency every form is priced with. */
export const SITE = new Map(demoDocuments()).get('settings/site') as unknown as Site;

/** Commits writes exactly as the UI's data module does (one all-or-nothing batch). */
export const commit = (db: Firestore, writes: BatchWrite[]) => createDb(() => db).commit(writes);

/** What the data module adds to every created document: its own id and the server's time. */
const stamped = (id: string, data: object): Doc => ({ ...data, id, timestamp: serverValues.now() });

/** A registration or application as the site writes it: with the tokens staff search it by. */
export const searchable = (doc: Doc): Doc => ({ ...doc, searchTokens: recordSearchTokens(doc as unknown as Searchable) });

/**
 * The document a test commits: when the test changed the fields but left the tokens alone, the
 * tokens follow the changed fields as the site's would (so a boundary case stays about its field);
 * tokens a test set or removed itself are kept as it left them.
 */
const tokensFollow = (collection: string, original: Doc, d: Doc): Doc =>
  SEARCHABLE_COLLECTIONS.includes(collection) && d !== original && d.searchTokens === original.searchTokens ? searchable(d) : d;

/**
 * Who submits: a signed-in identity and its client (a fresh anonymous visitor unless a test names
 * one; a registration needs an attendee: a verified address, which the registration gives).
 */
export interface Submitter {
  db: Firestore;
  uid: string;
  /** The verified address the identity signed in with (none for an anonymous visitor). */
  email?: string;
}

/** A submission ready to commit: `doc` is the stored document, `writes(doc)` the whole commit for it. */
export interface Draft {
  id: string;
  doc: Doc;
  /** The identity it is submitted as; commit `writes()` with `by.db`. */
  by: Submitter;
  /** The UI's commit for `doc`, companion writes derived from it (so a tampered doc stays consistent), and its throttle write. */
  writes(doc?: Doc): BatchWrite[];
  /** The record a payment submission pays for. */
  target?: { collection: PaymentTarget; id: string };
  /** The slot a registration claims, and its claim. */
  seat?: SeatChoice;
}

/** The throttle write the site adds for `by` creating `collection/id` (read as the site's transaction reads it). */
export async function throttleFor(by: Submitter, collection: ThrottledCollection, id: string): Promise<BatchWrite> {
  const current = (await ownerGet(`throttles/${by.uid}`))?.[collection] as ThrottleEntry | undefined;
  return throttleWrite(by.uid, collection, id, current);
}

export interface PublicForm {
  name: string;
  collection: string;
  schema: z.ZodObject;
  /** Fields whose valid values are the keys of a settings map (category, tier, booth type). */
  choices: Record<string, string[]>;
  /** The stored document of the example form: its field names and types. */
  sample: Doc;
  /** A submission of the example form, with some form fields changed, by `by` (a fresh visitor when omitted). */
  draft(change?: Record<string, unknown>, by?: Submitter): Promise<Draft>;
}

// ---------- the example forms a visitor fills in ----------

export const REGISTRATION: RegistrationForm = SAMPLE_REGISTRATION;
const CONTACT = {
  organisation: 'East Africa Health Foundation',
  contactName: 'Juma Ali',
  email: 'juma@example.org',
  phone: '+254 711 000 111',
  kraPin: 'P051234567X',
};
const PARTNER: PartnerForm = { ...CONTACT, website: 'https://example.org', tier: 'gold', message: 'We would like to support the summit.' };
const BOOTH: BoothForm = { ...CONTACT, boothType: 'standard', staffCount: 3, requirements: 'Power and two tables.' };
const MESSAGE: ContactForm = { name: 'Amina', email: 'amina@example.org', subject: 'Abstracts', message: 'When is the abstract deadline?' };
const DONATION: DonationForm = { name: 'Peter', email: 'peter@example.org', amount: 2500, message: 'For screening outreach.', anonymous: false };
const PAYMENT: PaymentForm = { payerName: 'Achieng Otieno', method: 'mobile-money', reference: 'QWE12345RT', amount: 15000 };

// ---------- documents and commits ----------

/**
 * A registration document, priced from settings as registrationWrites does, with its payment code
 * (a fresh one unless given: a case that commits it draws one unclaimed in the emulator).
 */
export const registrationDoc = (id: string, change: Partial<RegistrationForm> = {}, paymentCode = freshCode()) => {
  const form = { ...REGISTRATION, ...change };
  return searchable(stamped(id, { ...registrationDocument(form, SITE.categories[form.category].fee, SITE.currency), paymentCode }));
};
export const partnerDoc = (id: string, paymentCode = freshCode()) =>
  searchable(stamped(id, { ...partnerDocument(PARTNER, SITE.partnerTiers[PARTNER.tier].fee, SITE.currency), paymentCode }));
export const boothDoc = (id: string, paymentCode = freshCode()) =>
  searchable(stamped(id, { ...boothDocument(BOOTH, SITE.boothTypes[BOOTH.boothType].fee, SITE.currency), paymentCode }));
export const messageDoc = (id: string) => stamped(id, messageDocument(MESSAGE));
export const donationDoc = (id: string) => stamped(id, donationDocument(DONATION, SITE.currency));
/** An M-Pesa-shaped transaction code of the payment's own (ten capitals and digits, unique across the summit). */
export const transactionCodeFor = (id: string) => createHash('sha256').update(id).digest('hex').toUpperCase().slice(0, 9) + '7';

/** A payment document; its transaction code is its own unless `change` names one. */
export const paymentDoc = (id: string, target: PaymentTarget, targetId: string, change: Partial<PaymentForm> = {}) =>
  stamped(id, paymentDocument({ ...PAYMENT, reference: transactionCodeFor(id), ...change }, target, targetId, SITE.currency));

/** The registrant's message, as the register page writes it (its data read from the document). */
export const registrationMailData = (id: string, registration: Doc) =>
  (registrationMail(id, registration as Parameters<typeof registrationMail>[1], SITE) as { data: Doc }).data;

/**
 * A registration's commit as the register page sends it (registrationSeatWrites: the record, its
 * checkout projection, its slot and its address's entry; then its email), for any document a test
 * gives. rules-forms.test.ts checks it equals registrationWrites for the page's own document. The
 * email is left out when the document has no address or name to send it with (mail is optional,
 * so a hostile case stays about one thing).
 */
export function registrationCommit(id: string, doc: Doc, choice: SeatChoice): BatchWrite[] {
  return [...registrationSeatWrites(id, doc, choice).map(definedOnly), ...companionMail(() => ({ set: `mail/${id}`, data: registrationMailData(id, doc) }))];
}

/** A write without the fields a hostile case removed (the checkout projection copies them), so the SDK sends it. */
const definedOnly = (w: BatchWrite): BatchWrite =>
  'data' in w ? { ...w, data: Object.fromEntries(Object.entries(w.data).filter(([, v]) => v !== undefined)) } : w;

/**
 * What paying for a registration moves besides the record (firestore.rules paysForSeat,
 * checkoutInStep): its slot taken with the same claim, and its checkout projection in step.
 */
export function paymentSeatWrites(paymentId: string, target: { collection: PaymentTarget; id: string; record: Doc }): BatchWrite[] {
  const r = target.record;
  const after = { ...r, id: target.id, paymentStatus: 'submitted', lastPaymentId: paymentId };
  if (target.collection !== 'registrations') return [definedOnly(applicationCheckoutWrite(after))];
  return [checkoutWrite(after), ...(typeof r.seat === 'string' ? [claimSeatWrite(r.seat, String(r.seatClaim), true)] : [])];
}

/** A payment reference, its target's flip to 'submitted' and the acknowledgement, as the checkout page commits them. */
export function paymentCommit(id: string, doc: Doc, target: { collection: PaymentTarget; id: string; record: Doc }): BatchWrite[] {
  return [
    { set: `payments/${id}`, data: doc },
    { update: `${target.collection}/${target.id}`, data: { paymentStatus: 'submitted', lastPaymentId: id } },
    ...paymentSeatWrites(id, target),
    ...(typeof doc.reference === 'string' && normaliseReference(doc.reference) ? [referenceClaim(id, doc.reference)] : []),
    ...companionMail(() =>
      paymentReceivedMail(id, doc as Parameters<typeof paymentReceivedMail>[1], payableRecord(target.collection, { ...target.record, id: target.id })),
    ),
  ];
}

// ---------- editing a commit ----------

export const dropWrite = (writes: BatchWrite[], path: string) => writes.filter((w) => writePath(w) !== path);

export const replaceWrite = (writes: BatchWrite[], path: string, data: Doc) => writes.map((w) => (writePath(w) === path ? { ...w, data } : w));

// ---------- the forms ----------

const registration: PublicForm = {
  name: 'registration',
  collection: 'registrations',
  schema: registrationFormSchema,
  choices: { category: Object.keys(SITE.categories) },
  sample: registrationDoc('sample'),
  /**
   * As an attendee signed in with the registration's address: a fresh one unless `by` is given (an
   * address in `change` is the attendee's, its earlier entry removed so this is its first
   * registration; otherwise `by`'s address, or a fresh one), claiming a free slot of its own.
   */
  async draft(change = {}, by?: Submitter) {
    return registrationDraft(change, by);
  },
};

/** A registration draft (see FORMS.registration.draft) on slot `seat` when given (else a free slot of its own), with `claim` when given. */
export async function registrationDraft(change: Record<string, unknown> = {}, by?: Submitter, seatChoice: Partial<SeatChoice> = {}): Promise<Draft> {
  const id = uniqueId('reg');
  const given = (change as { email?: string }).email;
  if (given !== undefined && !by) await ownerDelete(attendeePath(given));
  const submitter = by ?? (await attendee(given));
  const email = given ?? submitter.email ?? REGISTRATION.email;
  const doc = registrationDoc(id, { ...change, email }, await unclaimedCode());
  // As the register page does (decideRegistration): an address registering again while its earlier hold would still run keeps its start.
  const heldSince = seatChoice.heldSince ?? holdStart(await ownerGet(attendeePath(email)), DEFAULT_SEAT_TIMES) ?? undefined;
  const seat = { seat: seatChoice.seat ?? (await freeSlot()), claim: seatChoice.claim ?? newSeatClaim(), heldSince };
  const throttle = await throttleFor(submitter, 'registrations', id);
  // The address's entry stays the signed-in person's whatever a case does to the record's address
  // (an odd address is refused by the rules, not by the SDK as a path it cannot name).
  const entry = (w: BatchWrite): BatchWrite => (writePath(w).startsWith('attendees/') && 'set' in w ? { set: attendeePath(email), data: w.data } : w);
  return {
    id,
    doc,
    by: submitter,
    seat,
    writes: (d = doc) => [...registrationCommit(id, tokensFollow('registrations', doc, d), seat).map(entry), throttle],
  };
}

/**
 * What the register form stores before the address is proven (firestore.rules: registrationDrafts):
 * the form and the address, expiring a week ahead by the sender's clock, under the visitor throttle.
 */
export const registrationDraftForm: Omit<PublicForm, 'schema' | 'choices' | 'sample'> = {
  name: 'registration draft',
  collection: 'registrationDrafts',
  async draft(change = {}, by?: Submitter) {
    const id = uniqueId('draft');
    const form = { ...REGISTRATION, ...change };
    const doc: Doc = { email: form.email, form, timestamp: serverValues.now(), expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000) };
    const submitter = by ?? (await freshVisitor());
    const throttle = await throttleFor(submitter, 'registrationDrafts', id);
    return { id, doc, by: submitter, writes: (d = doc) => [{ set: `registrationDrafts/${id}`, data: d }, throttle] };
  },
};

type Mailer = (id: string, doc: never) => BatchWrite;

/**
 * The email the UI commits with a document, or nothing when a hostile case removed a field the email
 * is built from (the email is optional for the rules, so such a case stays about the missing field).
 */
const companionMail = (build: () => BatchWrite): BatchWrite[] => {
  const mail = build();
  const complete = (v: unknown): boolean => v !== undefined && (typeof v !== 'object' || v === null || Object.values(v).every(complete));
  return complete((mail as { data: unknown }).data) ? [mail] : [];
};

/** A form that writes one document and its email (contact, donation, applications): what db.createDocument sends. */
function singleDocument<F>(
  name: string,
  collection: string,
  schema: z.ZodObject,
  example: F,
  choices: Record<string, string[]>,
  build: (form: F) => object,
  mail: Mailer,
): PublicForm {
  // Applications carry their payment code (claimed in the same commit) and the tokens staff search them by.
  const payable = SEARCHABLE_COLLECTIONS.includes(collection);
  const created = (id: string, data: object, paymentCode = freshCode()) => (payable ? searchable(stamped(id, { ...data, paymentCode })) : stamped(id, data));
  const claim = (id: string, d: Doc): BatchWrite[] =>
    payable && typeof d.paymentCode === 'string' ? [paymentCodeClaimWrite(d.paymentCode, { collection: 'partners', recordId: id })] : [];
  return {
    name,
    collection,
    schema,
    choices,
    sample: created('sample', build(example)),
    async draft(change = {}, by?: Submitter) {
      const id = uniqueId(collection);
      const doc = created(id, build({ ...example, ...change }), payable ? await unclaimedCode() : undefined);
      const submitter = by ?? (await freshVisitor());
      const throttle = await throttleFor(submitter, collection as ThrottledCollection, id);
      return {
        id,
        doc,
        by: submitter,
        writes: (d = doc) => [
          { set: `${collection}/${id}`, data: tokensFollow(collection, doc, d) },
          // An application's checkout projection, in step with whatever the case sent.
          ...(payable ? [definedOnly(applicationCheckoutWrite({ ...tokensFollow(collection, doc, d), id }))] : []),
          ...claim(id, d),
          ...companionMail(() => mail(id, d as never)),
          throttle,
        ],
      };
    },
  };
}

/** A payment for a fresh unpaid record (a registration, or a booth booking). */
function paymentFor(name: string, target: PaymentTarget, record: () => Doc): PublicForm {
  // A registration holds its slot (as registering left it); a booth has nothing like it.
  const stored = async (id: string, fields: Doc): Promise<Doc> => {
    if (target === 'registrations') return fieldsOf((await seatedFixture(id, fields)).stored);
    await fixture(`${target}/${id}`, fields);
    return fields;
  };
  return {
    name,
    collection: 'payments',
    schema: paymentFormSchema,
    choices: {},
    sample: paymentDoc('sample', target, 'sample'),
    async draft(change = {}, by?: Submitter) {
      const id = uniqueId('pay');
      const targetId = uniqueId('unpaid');
      // A registration is paid for by its attendee, signed in with its address: `by`'s when given
      // (whether or not it is verified: the rules decide), else a fresh attendee's.
      const owner = target === 'registrations' ? (by?.email ?? `${uniqueId('payer')}@example.org`) : null;
      const fields = await stored(targetId, owner ? { ...record(), email: owner } : record());
      const doc = paymentDoc(id, target, targetId, change);
      // Boundary cases reuse a transaction code ('xxxx'): each case is a first submission of it.
      if (typeof doc.reference === 'string' && normaliseReference(doc.reference)) await ownerDelete(`paymentReferences/${normaliseReference(doc.reference)}`);
      const submitter = by ?? (owner ? await attendee(owner) : await freshVisitor());
      const throttle = await throttleFor(submitter, 'payments', id);
      return {
        id,
        doc,
        by: submitter,
        target: { collection: target, id: targetId },
        writes: (d = doc) => [...paymentCommit(id, d, { collection: target, id: targetId, record: fields }), throttle],
      };
    },
  };
}

/** A document's fields without its id and time (for fixtures, which add their own). */
export const fieldsOf = (doc: Doc) => {
  const { id: _id, timestamp: _t, ...rest } = doc;
  return rest;
};

export const FORMS = {
  registration,
  partner: singleDocument(
    'partner application',
    'partners',
    partnerFormSchema,
    PARTNER,
    { tier: Object.keys(SITE.partnerTiers) },
    (f) => partnerDocument(f, SITE.partnerTiers[f.tier]?.fee ?? 0, SITE.currency),
    (id, d) => applicationMail(id, d, SITE),
  ),
  booth: singleDocument(
    'booth booking',
    'partners',
    boothFormSchema,
    BOOTH,
    { boothType: Object.keys(SITE.boothTypes) },
    (f) => boothDocument(f, SITE.boothTypes[f.boothType]?.fee ?? 0, SITE.currency),
    (id, d) => applicationMail(id, d, SITE),
  ),
  message: singleDocument('contact message', 'messages', contactFormSchema, MESSAGE, {}, messageDocument, messageMail),
  donation: singleDocument('donation pledge', 'donations', donationFormSchema, DONATION, {}, (f) => donationDocument(f, SITE.currency), donationMail),
  // Each registration under an address of its own (one active registration per address).
  registrationPayment: paymentFor('payment for a registration', 'registrations', () =>
    fieldsOf(registrationDoc('', { email: `${uniqueId('payer')}@example.org` })),
  ),
  // Staff have approved the booking: only then may it be paid for.
  boothPayment: paymentFor('payment for a booth', 'partners', () => ({ ...fieldsOf(boothDoc('')), status: 'confirmed' })),
} satisfies Record<string, PublicForm>;

export const ALL_FORMS: PublicForm[] = Object.values(FORMS);

// ---------- the bounds of each field, read from the zod schema ----------

type ZodField = z.ZodType & {
  type: string;
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  options?: string[];
};

/** Values of exactly n characters in the shapes form fields take: text, email, web address, phone. */
const SHAPES: Array<(n: number) => string> = [
  (n) => 'x'.repeat(n),
  (n) => '1'.repeat(n),
  (n) => `${'e'.repeat(Math.max(0, n - 12))}@example.org`,
  (n) => `https://${'w'.repeat(Math.max(0, n - 12))}.org`,
  (n) => `+${'1'.repeat(Math.max(0, n - 1))}`,
];

const accepts = (field: ZodField, v: unknown) => field.safeParse(v).success;

/** The first shape that has a value of length n the field accepts. */
const shapeAt = (field: ZodField, n: number) => SHAPES.find((s) => s(n).length === n && accepts(field, s(n)));

export interface TextBound {
  field: string;
  /** The shortest and longest values the form accepts. */
  shortest: string;
  longest: string;
  /** One character past each end, which the form refuses (tooShort is absent when the shortest is ''). */
  tooShort?: string;
  tooLong: string;
}

/**
 * The shortest and longest value each free-text field accepts, found by asking the field's own zod
 * schema (its min/max when it has them, else by trying lengths: the phone number's bound is in a
 * regex). One character past each bound, in the same shape, is checked to be refused by zod too.
 */
export function textBounds(form: PublicForm): TextBound[] {
  return Object.entries(form.schema.shape as Record<string, ZodField>)
    .filter(([name, f]) => f.type === 'string' && !(name in form.choices))
    .map(([name, f]) => {
      const lengths = Array.from({ length: (f.maxLength ?? 64) + 1 }, (_, n) => n);
      const lo = f.minLength ?? lengths.find((n) => shapeAt(f, n))!;
      const hi = f.maxLength ?? lengths.findLast((n) => shapeAt(f, n))!;
      const [low, high] = [shapeAt(f, lo), shapeAt(f, hi)];
      if (!low || !high) throw new Error(`${form.name}.${name}: no value of length ${lo}..${hi} is accepted`);
      const bound: TextBound = { field: name, shortest: low(lo), longest: high(hi), tooLong: high(hi + 1) };
      if (lo > 0) bound.tooShort = low(lo - 1);
      for (const outside of [bound.tooShort, bound.tooLong]) {
        if (outside !== undefined && accepts(f, outside)) throw new Error(`${form.name}.${name}: zod accepts ${outside.length} characters too`);
      }
      return bound;
    });
}

export interface NumberBound {
  field: string;
  min: number;
  max: number;
}

export function numberBounds(form: PublicForm): NumberBound[] {
  return Object.entries(form.schema.shape as Record<string, ZodField>)
    .filter(([, f]) => f.type === 'number')
    .map(([name, f]) => ({ field: name, min: f.minValue!, max: f.maxValue! }));
}

/** Fields with a fixed set of values (attendance mode, payment method, yes/no): each of them. */
export function optionFields(form: PublicForm): Array<{ field: string; options: unknown[] }> {
  return Object.entries(form.schema.shape as Record<string, ZodField>)
    .filter(([, f]) => f.type === 'enum' || f.type === 'boolean')
    .map(([name, f]) => ({ field: name, options: f.type === 'enum' ? f.options! : [true, false] }));
}
