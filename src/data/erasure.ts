// Carrying out an approved erasure: read everything held for the address (its footprint), plan
// it (erasure-plan.ts, pure), commit the plan one document at a time, then close the request as
// done with its email. Run by an administrator (firestore.rules lets only them make these writes,
// each bound to the approved request); run again after an interruption, it finds what is left.
import type { Db } from '../lib/db.ts';
import type { DocumentData } from 'firebase/firestore/lite';
import { mailboxOf } from '../lib/email-address.ts';
import { completeWrites, type DataRequest } from './data-requests.ts';
import { PUBLISHED } from './published-abstracts.ts';
import { documentsTouched, namesOf, planErasure, withoutAddress, writtenBy, type Footprint } from './erasure-plan.ts';

type Doc = DocumentData & { id: string };
type Reader = Pick<Db, 'fetchDocuments' | 'fetchDocument' | 'fetchEvery'>;

/** The collections an erasure reads, each as the footprint names it (the report lists them). */
export const ERASURE_SOURCES = [
  'registrations',
  'archive/registrations/items',
  'attendees',
  'registrationDrafts',
  'waitlist',
  'counters/waitlist',
  'seatMoves',
  'mail',
  'logs',
  'payments',
  'statementLines',
  'certificates',
  'evaluations',
  'messages',
  'archive/messages/items',
  'donations',
  'archive/donations/items',
  'abstracts',
  'blindAbstracts',
  'abstractOutcomes',
  'publishedAbstracts',
] as const;

/**
 * The collections an erasure reads whole and filters here: the log (free text), and messages and
 * pledges, whose address is stored as the sender typed it (any case), so no query finds them all.
 * All few; the retention reads them once for many addresses (readFootprint's `scanned`).
 */
export const SCANNED_SOURCES = ['logs', 'messages', 'archive/messages/items', 'donations', 'archive/donations/items'] as const;
export type Scanned = Record<(typeof SCANNED_SOURCES)[number], Doc[]>;

export const readScanned = async (db: Reader): Promise<Scanned> =>
  Object.fromEntries(await Promise.all(SCANNED_SOURCES.map(async (c) => [c, await db.fetchEvery(c)]))) as Scanned;

/** The documents whose `email` is the address's, in any case and under any +tag. */
const sentFrom = (docs: Doc[], address: string) => docs.filter((d) => typeof d.email === 'string' && mailboxOf(d.email.toLowerCase()) === address);

/** The emails about a record (a message's or a pledge's acknowledgement, addressed as typed). */
export const mailAbout = (db: Reader, collection: string, id: string): Promise<Doc[]> =>
  db.fetchDocuments('mail', {
    where: [
      ['recordCollection', '==', collection],
      ['recordId', '==', id],
    ],
    orderBy: null,
  });

const unique = (docs: Doc[]) => [...new Map(docs.map((d) => [d.id, d])).values()];

/**
 * Documents where `field` is any of the address's spellings: as asked, its mailbox, and any +tag of
 * it (x+2@d is x@d's, as registering and the rules' mailbox() have it). Every `local+…` sorts
 * between `local+` and `local,` (',' is the code point after '+'): one range query, then the
 * mailbox compared.
 */
async function byAddress(db: Reader, collection: string, field: string, spellings: string[], address: string): Promise<Doc[]> {
  const local = address.slice(0, address.lastIndexOf('@'));
  const tagged = db
    .fetchDocuments(collection, {
      where: [
        [field, '>=', `${local}+`],
        [field, '<', `${local},`],
      ],
      orderBy: null,
    })
    .then((docs) => docs.filter((d) => typeof d[field] === 'string' && mailboxOf(d[field]) === address));
  const exact = spellings.map((s) => db.fetchDocuments(collection, { where: [[field, '==', s]], orderBy: null }));
  return unique((await Promise.all([...exact, tagged])).flat());
}

/** The payments or statement lines paid into one record. */
export const recordDocuments = (db: Reader, collection: 'payments' | 'statementLines', recordId: string): Promise<Doc[]> =>
  db.fetchDocuments(collection, { where: [['targetId', '==', recordId]], orderBy: null });

/** The reviewers' blind copies of one abstract. */
export const blindCopiesOf = (db: Reader, abstractId: string): Promise<Doc[]> =>
  db.fetchDocuments('blindAbstracts', { where: [['abstractId', '==', abstractId]], orderBy: null });

/**
 * Everything held for the request's address, as an administrator (or the timed work's retention)
 * reads it. `scanned`: the collections read whole (SCANNED_SOURCES), read once for many erasures
 * by the retention and kept current by it; read here when not given.
 */
export async function readFootprint(
  db: Reader,
  request: Pick<DataRequest, 'id' | 'address' | 'email' | 'keepCertificate' | 'channel'>,
  scanned?: Scanned,
): Promise<Footprint> {
  const whole = scanned ?? (await readScanned(db));
  const spellings = [...new Set([request.address, request.email])];
  const [registrations, archivedRegistrations, attendee, waitlist, counter, mail, drafts, evaluations, certificates, abstracts, outcomes] = await Promise.all([
    byAddress(db, 'registrations', 'email', spellings, request.address),
    byAddress(db, 'archive/registrations/items', 'email', spellings, request.address),
    db.fetchDocument('attendees', request.address),
    db.fetchDocument('waitlist', request.address),
    db.fetchDocument('counters', 'waitlist'),
    byAddress(db, 'mail', 'to', spellings, request.address),
    byAddress(db, 'registrationDrafts', 'email', spellings, request.address),
    byAddress(db, 'evaluations', 'email', spellings, request.address),
    byAddress(db, 'certificates', 'email', spellings, request.address),
    byAddress(db, 'abstracts', 'email', spellings, request.address),
    byAddress(db, 'abstractOutcomes', 'email', spellings, request.address),
  ]);
  // The retention keeps accepted abstracts' public copies (erasure-plan.ts keepPublished): not read for it.
  const keepPublished = request.channel === 'retention';
  const [blindCopies, published] = await Promise.all([
    Promise.all(abstracts.map((a) => blindCopiesOf(db, a.id))).then((l) => l.flat()),
    keepPublished ? [] : Promise.all(abstracts.map((a) => db.fetchDocument(PUBLISHED, a.id))).then((l) => l.flatMap((d) => (d ? [d.id] : []))),
  ]);
  const recordIds = [...registrations, ...archivedRegistrations].map((r) => r.id);
  const [payments, statementLines] = await Promise.all(
    (['payments', 'statementLines'] as const).map((c) => Promise.all(recordIds.map((id) => recordDocuments(db, c, id))).then((l) => l.flat())),
  );
  // A log line is free text: every line is read and those naming the address or a name kept (a bounded read,
  // a thousand at a time; an erasure is rare and an administrator waits for it).
  // The slot the entry was offered names it in its last move (seatMoves cannot be listed: read by slot).
  const offered = (waitlist?.offer as { seat?: unknown } | null | undefined)?.seat;
  const seatMove = typeof offered === 'string' ? await db.fetchDocument('seatMoves', offered) : null;
  const names = namesOf({ registrations, archivedRegistrations }).map((n) => n.name);
  const logs = whole.logs.filter(
    (l) =>
      writtenBy(l, request.address) ||
      (typeof l.message === 'string' && (withoutAddress(l.message, request.address) !== l.message || names.some((n) => (l.message as string).includes(n)))),
  );
  const [messages, archivedMessages, donations, archivedDonations] = (
    ['messages', 'archive/messages/items', 'donations', 'archive/donations/items'] as const
  ).map((c) => sentFrom(whole[c], request.address));
  const live = (c: string, docs: Doc[]) => docs.map((d) => mailAbout(db, c, d.id));
  const mailAboutThem = (
    await Promise.all([...live('messages', [...messages, ...archivedMessages]), ...live('donations', [...donations, ...archivedDonations])])
  ).flat();
  return {
    requestId: request.id,
    address: request.address,
    keepCertificate: request.keepCertificate,
    registrations,
    archivedRegistrations,
    attendee,
    drafts,
    waitlist,
    waitlistCounter: counter ? { waiting: Number(counter.waiting ?? 0), lastAddress: String(counter.lastAddress ?? '') } : null,
    mail: unique([...mail, ...mailAboutThem]),
    seatMoves: seatMove ? [seatMove] : [],
    logs,
    payments: payments.filter((p) => p.targetCollection === 'registrations'),
    statementLines: statementLines.filter((l) => l.targetCollection === 'registrations'),
    certificates,
    evaluations,
    messages,
    archivedMessages,
    donations,
    archivedDonations,
    abstracts,
    blindCopies,
    outcomes,
    published,
    keepPublished,
  };
}

export interface ErasureReport {
  commits: number;
  documentsTouched: number;
  ms: number;
}

/**
 * Carries out an approved erasure and closes the request. `onProgress` hears each commit's
 * description as it lands (the screen shows it; a failure names the one that failed).
 */
export async function carryOutErasure(
  db: Pick<Db, 'commit'> & Reader,
  request: DataRequest,
  staffEmail: string,
  onProgress?: (done: number, total: number, what: string) => void,
): Promise<ErasureReport> {
  if (request.kind !== 'erasure' || request.status !== 'approved') throw new Error('Only an approved erasure request can be carried out.');
  const started = performance.now();
  const plan = planErasure(await readFootprint(db, request));
  for (const [i, step] of plan.entries()) {
    try {
      await db.commit(step.writes);
    } catch (error) {
      throw new Error(`Erasure stopped at "${step.what}" (${i} of ${plan.length} done): ${(error as Error).message}. Run it again to finish.`);
    }
    onProgress?.(i + 1, plan.length, step.what);
  }
  await db.commit(completeWrites(request, staffEmail));
  return { commits: plan.length + 1, documentsTouched: documentsTouched(plan) + 2, ms: performance.now() - started };
}
