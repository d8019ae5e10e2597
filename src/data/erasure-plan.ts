// What erasing one person means, decided without reading or writing anything: given the documents
// found for an address (its footprint), the commits that delete or anonymise each of them. The
// writer (features/data-requests/admin/erase.ts) reads the footprint and commits the plan; the
// timed work's retention (src/data/timed-work) can plan the same way for an expired record. Every
// write here has its rule in firestore.rules ("erasure" functions), which checks the same values,
// so the plan and the boundary cannot drift apart without the integration tests saying so.
//
// Each commit touches one document (and the projection that must follow it): a person's
// footprint can be a few dozen documents, and one commit of all of them would spend more rule
// reads than Cloud Firestore allows a request. A plan interrupted halfway is planned again from
// what is left: documents already anonymised carry erasedBy and plan nothing.
import type { BatchWrite } from '../lib/db-shapes.ts';
import { serverValues } from '../lib/db-shapes.ts';
import { checkoutOf } from './registration-record.ts';
import { unpublishWrites } from './published-abstracts.ts';
import { mailboxOf } from '../lib/email-address.ts';

/** What an anonymised record shows where a name was. */
export const ERASED_NAME = 'Erased';
/** What replaces an address in an activity-log line. */
export const ERASED_MARK = '[erased]';
/** Why a certificate the attendee did not keep was revoked (firestore.rules holds the same words). */
export const ERASED_REVOKE_REASON = "Erased at the attendee's request";

type Doc = Record<string, unknown> & { id: string };

/** Everything found for one address, as the writer read it (any list may be empty). */
export interface Footprint {
  requestId: string;
  /** The mailbox (lower case, no +tag). */
  address: string;
  keepCertificate: boolean;
  registrations: Doc[];
  archivedRegistrations: Doc[];
  attendee: Doc | null;
  drafts: Doc[];
  waitlist: Doc | null;
  /** counters/waitlist as stored (it names the last address that moved it). */
  waitlistCounter: { waiting: number; lastAddress: string } | null;
  mail: Doc[];
  /** The seat moves the waiting-list entry's offer may name (seatMoves/{its slot}), as stored. */
  seatMoves: Doc[];
  logs: Doc[];
  payments: Doc[];
  statementLines: Doc[];
  certificates: Doc[];
  evaluations: Doc[];
  /** Contact messages sent from the address, live and archived (deleted with their emails). */
  messages: Doc[];
  archivedMessages: Doc[];
  /** Pledges made from the address, live and archived (anonymised: the money stays). */
  donations: Doc[];
  archivedDonations: Doc[];
  /** The person's abstracts, whatever their state (deleted: the author's address and words). */
  abstracts: Doc[];
  /** The reviewers' blind copies of those abstracts (deleted before them; the reviews stay, the reviewers' own words). */
  blindCopies: Doc[];
  /** The author's copies of the committee's decisions on them (abstractOutcomes: the address and the quoted comments). */
  outcomes: Doc[];
  /** Which of those abstracts have a public copy (publishedAbstracts and its text). */
  published: string[];
  /**
   * Whether their public copies stay: the retention keeps them (the author agreed to publish them,
   * and they carry no address: the programme and the book stand); the person's own erasure takes them down.
   */
  keepPublished: boolean;
}

/** A footprint with nothing found yet: what a reader fills in (and what tests start from). */
export const emptyFootprint = (requestId: string, address: string, keepCertificate = false): Footprint => ({
  requestId,
  address,
  keepCertificate,
  registrations: [],
  archivedRegistrations: [],
  attendee: null,
  drafts: [],
  waitlist: null,
  waitlistCounter: null,
  mail: [],
  seatMoves: [],
  logs: [],
  payments: [],
  statementLines: [],
  certificates: [],
  evaluations: [],
  messages: [],
  archivedMessages: [],
  donations: [],
  archivedDonations: [],
  abstracts: [],
  blindCopies: [],
  outcomes: [],
  published: [],
  keepPublished: false,
});

export interface ErasureCommit {
  /** What the commit does, for the screen and the report ("anonymise registrations/abc"). */
  what: string;
  writes: BatchWrite[];
}

/**
 * A pattern that finds the address in free text, with any +tag and in any case. Written with
 * nothing but character classes for its specials, as firestore.rules builds it from the request
 * (erasedAddressPattern), so both replace exactly the same text.
 */
export function addressPattern(address: string): string {
  const [local, domain] = address.split('@');
  const escape = (s: string) => s.replace(/[.]/g, '[.]');
  return `(?i)${escape(local)}([+][^@ ]*)?@${escape(domain)}`;
}

/** The text with the address replaced (RE2's leading (?i) becomes JavaScript's i flag). */
export function withoutAddress(text: string, address: string): string {
  return text.replace(new RegExp(addressPattern(address).replace('(?i)', ''), 'gi'), ERASED_MARK);
}

const erased = (requestId: string) => ({ erasedBy: requestId, erasedAt: serverValues.now() });

/** A registration (or its archived copy) with nothing personal left: amounts, dates, states and its seat stay. */
export function anonymisedRegistration(r: Doc, requestId: string): Record<string, unknown> {
  return {
    fullName: ERASED_NAME,
    email: '',
    phone: '',
    organisation: '',
    jobTitle: '',
    country: '',
    accessibilityNeeds: '',
    dietaryNeeds: '',
    // Staff still find it by its reference and payment code (the money it holds stays traceable).
    searchTokens: [r.id.toLowerCase(), ...(typeof r.paymentCode === 'string' ? [r.paymentCode.toLowerCase()] : [])],
    ...('paymentNote' in r ? { paymentNote: '' } : {}),
    ...erased(requestId),
  };
}

/** A pledge with nothing personal left (firestore.rules erasesDonation). */
export const anonymisedDonation = (requestId: string) => ({ name: ERASED_NAME, email: '', message: '', ...erased(requestId) });

/**
 * The names the person registered under (one per registration not yet erased), which activity-log
 * lines may quote: a name shorter than two characters is left alone (firestore.rules refuses it,
 * as it would match too much of other lines).
 */
export function namesOf(f: Pick<Footprint, 'registrations' | 'archivedRegistrations'>): Array<{ id: string; name: string }> {
  return [...f.registrations, ...f.archivedRegistrations]
    .filter((r) => !isErased(r) && typeof r.fullName === 'string' && r.fullName.length >= 2)
    .map((r) => ({ id: r.id, name: String(r.fullName) }));
}

/**
 * Whether the person wrote this log line as an attendee: their own correction names them as its
 * author and names its registration (staff's lines name none, and keep their authors).
 */
export const writtenBy = (line: Record<string, unknown>, address: string) =>
  typeof line.registrationId === 'string' && typeof line.userEmail === 'string' && mailboxOf(line.userEmail) === address;

const isErased = (d: Doc) => typeof d.erasedBy === 'string' && d.erasedBy !== '';

export function planErasure(f: Footprint): ErasureCommit[] {
  const plan: ErasureCommit[] = [];
  const { requestId, address } = f;
  const add = (what: string, ...writes: BatchWrite[]) => plan.push({ what, writes });

  // The documents that depend on a registration first: their rules find the person through it.
  for (const p of f.payments.filter((d) => !isErased(d))) {
    add(`anonymise payments/${p.id}`, { update: `payments/${p.id}`, data: { payerName: ERASED_NAME, ...erased(requestId) } });
  }
  for (const l of f.statementLines.filter((d) => !isErased(d))) {
    add(`anonymise statementLines/${l.id}`, {
      update: `statementLines/${l.id}`,
      data: { payer: '', details: '', account: '', note: '', ...erased(requestId) },
    });
  }
  for (const c of f.certificates.filter((d) => !isErased(d))) {
    const revoke = !f.keepCertificate && c.status === 'valid';
    const changes: Record<string, unknown> = f.keepCertificate
      ? { email: '', ...erased(requestId) }
      : {
          fullName: ERASED_NAME,
          email: '',
          ...(revoke ? { status: 'revoked', revokedAt: serverValues.now(), revokeReason: ERASED_REVOKE_REASON } : {}),
          ...erased(requestId),
        };
    const after = { ...c, ...changes };
    add(
      `${f.keepCertificate ? 'keep verifiable' : 'revoke and anonymise'} certificates/${c.id}`,
      { update: `certificates/${c.id}`, data: changes },
      // The public projection follows (checkOf in firestore.rules): a kept certificate's shows the
      // name it always showed; a revoked one's, "Erased" and revoked.
      // (A time read by a browser is not the stored one under ==: revokedAt is written only when it is new.)
      { update: `certificateChecks/${c.id}`, data: { fullName: after.fullName, status: after.status, ...(revoke ? { revokedAt: serverValues.now() } : {}) } },
    );
  }
  for (const e of f.evaluations.filter((d) => !isErased(d))) {
    add(`anonymise evaluations/${e.id}`, { update: `evaluations/${e.id}`, data: { email: '', ...erased(requestId) } });
  }
  for (const m of f.mail) add(`delete mail/${m.id}`, { delete: `mail/${m.id}` });
  // A message is the sender's own words: it goes (its email went with the mail above).
  for (const m of f.messages) add(`delete messages/${m.id}`, { delete: `messages/${m.id}` });
  for (const m of f.archivedMessages) add(`delete archive/messages/items/${m.id}`, { delete: `archive/messages/items/${m.id}` });
  // A pledge keeps its amount, currency, state and date: money the institute accounts for.
  for (const d of f.donations.filter((x) => !isErased(x))) {
    add(`anonymise donations/${d.id}`, { update: `donations/${d.id}`, data: anonymisedDonation(requestId) });
  }
  for (const d of f.archivedDonations.filter((x) => !isErased(x))) {
    add(`anonymise archive/donations/items/${d.id}`, { update: `archive/donations/items/${d.id}`, data: anonymisedDonation(requestId) });
  }
  for (const l of f.logs) {
    // The names first (each a commit naming the registration it is read from), then the address.
    let message = String(l.message ?? '');
    for (const r of namesOf(f)) {
      if (!message.includes(r.name)) continue;
      message = message.split(r.name).join(ERASED_MARK);
      add(`erase a name from logs/${l.id}`, { update: `logs/${l.id}`, data: { message, erasedBy: requestId, erasedRecord: r.id } });
    }
    const withoutIt = withoutAddress(message, address);
    if (withoutIt !== message) add(`erase the address from logs/${l.id}`, { update: `logs/${l.id}`, data: { message: withoutIt, erasedBy: requestId } });
    // A line the person wrote themselves (their own correction) carries their address as its author.
    if (writtenBy(l, address)) add(`erase the author of logs/${l.id}`, { update: `logs/${l.id}`, data: { userEmail: ERASED_MARK, erasedBy: requestId } });
  }
  for (const d of f.drafts) add(`delete registrationDrafts/${d.id}`, { delete: `registrationDrafts/${d.id}` });
  if (f.waitlist) {
    const waiting = f.waitlist.status === 'waiting';
    add(
      `delete waitlist/${f.waitlist.id}`,
      { delete: `waitlist/${f.waitlist.id}` },
      // Leaving 'waiting' moves the count, naming the entry (firestore.rules waitingMoves).
      ...(waiting ? [{ update: 'counters/waitlist', data: { waiting: serverValues.increment(-1), lastAddress: address } }] : []),
    );
  }
  // A slot's last move names the entry it was offered to (a holder { collection: 'waitlist', id:
  // the mailbox }): that holder becomes null. Only the commit that moves a slot reads its move
  // (getAfter), so a later move is not affected; finance and administrators write moves.
  for (const m of f.seatMoves) {
    const names = (h: unknown) => !!h && (h as { collection?: string }).collection === 'waitlist' && (h as { id?: string }).id === address;
    if (names(m.from) || names(m.to)) {
      add(`clear the address from seatMoves/${m.id}`, {
        set: `seatMoves/${m.id}`,
        data: { from: names(m.from) ? null : (m.from ?? null), to: names(m.to) ? null : (m.to ?? null), at: serverValues.now() },
      });
    }
  }
  // The count names the last address that moved it; an administrator's recount names none.
  if (f.waitlist?.status === 'waiting' || f.waitlistCounter?.lastAddress === address) {
    add('clear the address from counters/waitlist', { update: 'counters/waitlist', data: { lastAddress: '' } });
  }
  for (const o of f.outcomes) add(`delete abstractOutcomes/${o.id}`, { delete: `abstractOutcomes/${o.id}` });
  // An abstract last: its blind copies' rule finds the author through it.
  for (const a of f.abstracts) {
    for (const b of f.blindCopies.filter((c) => c.abstractId === a.id)) add(`delete blindAbstracts/${b.id}`, { delete: `blindAbstracts/${b.id}` });
    if (!f.keepPublished && f.published.includes(a.id)) add(`take down publishedAbstracts/${a.id}`, ...unpublishWrites(a.id));
    add(`delete abstracts/${a.id}`, { delete: `abstracts/${a.id}` });
  }
  if (f.attendee) add(`delete attendees/${f.attendee.id}`, { delete: `attendees/${f.attendee.id}` });
  for (const a of f.archivedRegistrations.filter((d) => !isErased(d))) {
    add(`anonymise archive/registrations/items/${a.id}`, { update: `archive/registrations/items/${a.id}`, data: anonymisedRegistration(a, requestId) });
  }
  for (const r of f.registrations.filter((d) => !isErased(d))) {
    const changes = anonymisedRegistration(r, requestId);
    const after = { ...r, ...changes } as Parameters<typeof checkoutOf>[0];
    add(
      `anonymise registrations/${r.id}`,
      { update: `registrations/${r.id}`, data: changes },
      // checkouts/{id} follows its registration in every commit (firestore.rules checkoutFollows).
      { set: `checkouts/${r.id}`, data: checkoutOf(after) },
    );
  }
  return plan;
}

/** How many documents a plan writes (projections and counters included). */
export const documentsTouched = (plan: ErasureCommit[]) =>
  new Set(plan.flatMap((c) => c.writes.map((w) => ('set' in w ? w.set : 'update' in w ? w.update : w.delete)))).size;
