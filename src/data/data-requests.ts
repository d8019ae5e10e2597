// Requests people make under Kenya's Data Protection Act 2019 (access, correction, erasure), as
// dataRequests/{id}: one definition of their shape, their states and the writes that move them,
// each with the email that tells the requester, in the same commit (firestore.rules checks both
// sides). The erasure's own work (which documents, and what each becomes) is erasure-plan.ts.
import { mailboxOf } from '../lib/email-address.ts';
import { serverValues, type BatchWrite } from '../lib/db-shapes.ts';
import { mailWrite } from './mail.ts';
import { DEFAULT_RESPONSE_DAYS } from '../content/response-days.ts';
import { SCHEDULE_ACTOR } from './timed-work/status.ts';

export const DATA_REQUEST_KINDS = ['access', 'correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** received → (erasure only) approved → done; or refused, with a reason, from received or approved. */
export const DATA_REQUEST_STATUSES = ['received', 'approved', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/**
 * How it reached the institute: "my registration" (the address proven by signing in), a letter or
 * email staff entered, or the timed work's retention (the keeping time passed; nobody asked).
 */
export type DataRequestChannel = 'online' | 'letter' | 'email' | 'retention';

export const KIND_LABELS: Record<DataRequestKind, string> = { access: 'access', correction: 'correction', erasure: 'erasure' };
export const STATUS_LABELS: Record<DataRequestStatus, string> = {
  received: 'received',
  approved: 'approved, erasing',
  done: 'done',
  refused: 'refused',
};

export interface DataRequest {
  id: string;
  kind: DataRequestKind;
  /** The mailbox it is about (lower case, no +tag): the key every per-person document uses. */
  address: string;
  /** Where its emails go: the address as the requester signed in with (or as staff typed it). */
  email: string;
  channel: DataRequestChannel;
  /** Erasure only: whether an issued certificate stays publicly verifiable (with the name it prints). */
  keepCertificate: boolean;
  status: DataRequestStatus;
  /** The response time in force when it was received: due `days` after createdAt (dueDate; not stored, so nothing can disagree). */
  days: number;
  createdAt: Date;
  /** Staff who entered it ('' when the requester asked online). */
  enteredBy: string;
  actedBy: string;
  actedAt: Date | null;
  reason: string;
  /** How many times this address asked online for erasure (the owner's request id is per mailbox). */
  round: number;
}

/**
 * An owner's erasure request has one id per mailbox, its SHA-256 (upper-case hex, as
 * firestore.rules' erasureId computes it): the rules that let an administrator delete a document
 * (which carries no field naming a request) find the request from the document's address, and the
 * anonymised documents that name the request (erasedBy) do not spell the address.
 */
export async function erasureRequestId(address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(mailboxOf(address)));
  return `erasure-${[...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export const dataRequestPath = (id: string) => `dataRequests/${id}`;

type Step = 'received' | 'done' | 'refused';

/** The mail ids of a request's emails: one per round and step, so each is sent once. */
export const requestMailId = (id: string, round: number, step: Step) => `${id}-${round}-${step}`;

const DAY_MS = 86_400_000;

/** Whether a request still open is past its due date at `now`. */
export const isOverdue = (r: Pick<DataRequest, 'status' | 'createdAt' | 'days'>, now: Date) =>
  (r.status === 'received' || r.status === 'approved') && dueDate(r).getTime() < now.getTime();

/** When a request is due: the server's time of receipt plus the days in force then. */
export const dueDate = (r: Pick<DataRequest, 'createdAt' | 'days'>) => new Date(r.createdAt.getTime() + r.days * DAY_MS);

function requestMail(r: { id: string; round: number; email: string; kind: DataRequestKind; days: number }, step: Step, reason = ''): BatchWrite {
  const about = { collection: 'dataRequests' as const, id: r.id };
  const data = { reference: r.id, kind: KIND_LABELS[r.kind], days: r.days };
  const mailId = requestMailId(r.id, r.round, step);
  return step === 'refused'
    ? mailWrite(mailId, 'data-request-refused', r.email, { ...data, reason }, about)
    : mailWrite(mailId, step === 'done' ? 'data-request-done' : 'data-request-received', r.email, data, about);
}

/**
 * The signed-in owner asks for erasure of everything held about their address, choosing whether an
 * issued certificate stays verifiable; the "received" email goes in the same commit. `id`: erasureRequestId's; `previous`:
 * their earlier request (done or refused), which this one replaces as the next round.
 */
export function askErasureWrites(
  id: string,
  ownerEmail: string,
  keepCertificate: boolean,
  days: number,
  previous: Pick<DataRequest, 'round'> | null,
): BatchWrite[] {
  const address = mailboxOf(ownerEmail);
  const round = (previous?.round ?? 0) + 1;
  const now = serverValues.now();
  const request = {
    id,
    kind: 'erasure',
    address,
    email: ownerEmail.toLowerCase(),
    channel: 'online',
    keepCertificate,
    status: 'received',
    days,
    createdAt: now,
    enteredBy: '',
    actedBy: '',
    actedAt: null,
    reason: '',
    round,
  };
  return [{ set: dataRequestPath(id), data: request }, requestMail({ id, round, email: request.email, kind: 'erasure', days }, 'received')];
}

/**
 * An administrator enters an access or correction request that came by letter or email (erasure
 * is asked only by the owner signed in with the address, so nobody can erase a person by typing
 * their address into a form). The "received" email goes to the address given, in the same commit.
 */
export function enterRequestWrites(
  input: { kind: 'access' | 'correction'; email: string; channel: 'letter' | 'email' },
  days: number,
  staffEmail: string,
  id: string,
): BatchWrite[] {
  const email = input.email.trim().toLowerCase();
  const now = serverValues.now();
  const request = {
    id,
    kind: input.kind,
    address: mailboxOf(email),
    email,
    channel: input.channel,
    keepCertificate: false,
    status: 'received',
    days,
    createdAt: now,
    enteredBy: staffEmail,
    actedBy: '',
    actedAt: null,
    reason: '',
    round: 1,
  };
  return [{ set: dataRequestPath(id), data: request }, requestMail({ id, round: 1, email, kind: input.kind, days }, 'received')];
}

const acted = (staffEmail: string) => ({ actedBy: staffEmail, actedAt: serverValues.now() });

/** An administrator approves an erasure: from here the anonymising writes bound to it are allowed. */
export const approveErasureWrites = (r: Pick<DataRequest, 'id'>, staffEmail: string): BatchWrite[] => [
  { update: dataRequestPath(r.id), data: { status: 'approved', ...acted(staffEmail) } },
];

/** Refused with a reason (the requester is told it, in the same commit). */
export function refuseWrites(r: Pick<DataRequest, 'id' | 'round' | 'email' | 'kind' | 'days'>, reason: string, staffEmail: string): BatchWrite[] {
  const trimmed = reason.trim();
  return [{ update: dataRequestPath(r.id), data: { status: 'refused', reason: trimmed, ...acted(staffEmail) } }, requestMail(r, 'refused', trimmed)];
}

/** Done (an erasure after its last anonymising commit; access and correction once answered), with the "done" email. */
export function completeWrites(r: Pick<DataRequest, 'id' | 'round' | 'email' | 'kind' | 'days'>, staffEmail: string): BatchWrite[] {
  return [{ update: dataRequestPath(r.id), data: { status: 'done', ...acted(staffEmail) } }, requestMail(r, 'done')];
}

/**
 * The timed work's own erasure of an address past the keeping time (timed-work/retention.ts):
 * approved at once, certificates kept verifiable (a CPD certificate is checked years later, by the
 * name it prints), no email (nobody asked). It replaces an answered request for the mailbox as its
 * next round, as an owner's new request does.
 */
export function retentionRequestWrites(id: string, address: string, previous: Pick<DataRequest, 'round'> | null): BatchWrite[] {
  const now = serverValues.now();
  const mailbox = mailboxOf(address);
  return [
    {
      set: dataRequestPath(id),
      data: {
        id,
        kind: 'erasure',
        address: mailbox,
        email: mailbox,
        channel: 'retention',
        keepCertificate: true,
        status: 'approved',
        days: 0,
        createdAt: now,
        enteredBy: SCHEDULE_ACTOR,
        actedBy: SCHEDULE_ACTOR,
        actedAt: now,
        reason: '',
        round: (previous?.round ?? 0) + 1,
      },
    },
  ];
}

/** The timed work's own erasure request, closed once nothing is left (no email: nobody asked). */
export const closeRetentionWrites = (r: Pick<DataRequest, 'id'>): BatchWrite[] => [
  { update: dataRequestPath(r.id), data: { status: 'done', ...acted(SCHEDULE_ACTOR) } },
];

/** A stored request as the app reads it (timestamps come back as Dates from the SDK). */
export function toDataRequest(d: Record<string, unknown> & { id: string }): DataRequest {
  const date = (v: unknown) =>
    v instanceof Date ? v : v && typeof (v as { toDate?: unknown }).toDate === 'function' ? (v as { toDate: () => Date }).toDate() : null;
  return {
    id: d.id,
    kind: d.kind as DataRequestKind,
    address: String(d.address ?? ''),
    email: String(d.email ?? ''),
    channel: (d.channel as DataRequestChannel) ?? 'online',
    keepCertificate: d.keepCertificate === true,
    status: d.status as DataRequestStatus,
    days: Number(d.days ?? DEFAULT_RESPONSE_DAYS),
    createdAt: date(d.createdAt) ?? new Date(0),
    enteredBy: String(d.enteredBy ?? ''),
    actedBy: String(d.actedBy ?? ''),
    actedAt: date(d.actedAt),
    reason: String(d.reason ?? ''),
    round: Number(d.round ?? 1),
  };
}
