// Reads and actions of the Payments screen. Verdicts and manual payments are transactions on fresh
// data with their activity-log entry in the same commit (useStaffTransaction).
import { useQuery } from '@tanstack/react-query';
import { db } from '../../../lib/data.ts';
import { serverValues, type Cursor, type Filter } from '../../../lib/db.ts';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { useStaffTransaction } from '../../../admin/use-staff-action.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { fetchCheckoutRecord, fetchLabels, fetchStaffRecord, type CheckoutRecord } from '../api.ts';
import { ticketAttachments } from '../../../data/ticket-files.ts';
import type { MailAttachment } from '../../../lib/mail-render.ts';
import {
  amountText,
  decideManual,
  decideReject,
  decideVerify,
  manualPaths,
  paymentWarnings,
  readSeat,
  verdictPaths,
  type AdminPayment,
  type ManualPayment,
} from './payment-actions.ts';
import { normaliseReference } from '../../../data/transaction-codes.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { DONATION_STATUSES, type DonationStatus } from '../../../data/statuses.ts';

export const PAGE_SIZE = 20;

export type StatusFilter = '' | AdminPayment['status'];

export const paymentKeys = {
  all: adminKey('payments'),
  list: (status: StatusFilter) => [...adminKey('payments'), 'list', status] as const,
  totals: (currency: string) => [...adminKey('payments'), 'totals', currency] as const,
  donations: adminKey('donations'),
};

/** What a verdict changes besides payments: the record's pages and the visitor's checkout. */
const TOUCHED = [paymentKeys.all, adminKey('registrations'), adminKey('partners'), adminKey('seats'), ['checkout'], ['overview']];

export type PaymentRow = AdminPayment & { target: CheckoutRecord | null; warnings: string[] };

/** Payments typed with this transaction code (finance's duplicate check). */
export const fetchPaymentsWithCode = (reference: string) =>
  db.fetchDocuments<AdminPayment>('payments', { where: [['reference', '==', reference]], orderBy: null, limit: 5 });

export const fetchPaymentPage = (status: StatusFilter, after: Cursor | null) =>
  db.fetchPage<AdminPayment>('payments', { where: status ? [['status', '==', status]] : [], limit: PAGE_SIZE, after });

/**
 * What finance checks before verifying a payment awaiting it: other payments with the same
 * transaction code (as typed, and the claim on its normalised form) — reads only for those.
 */
async function warningsFor(p: AdminPayment, target: CheckoutRecord | null): Promise<string[]> {
  if (p.status !== 'submitted') return [];
  const [sameCode, claim] = await Promise.all([
    fetchPaymentsWithCode(p.reference).catch(() => []),
    db.fetchDocument<{ paymentId?: string }>('paymentReferences', normaliseReference(p.reference)).catch(() => null),
  ]);
  return paymentWarnings(p, target, sameCode, claim?.paymentId ?? null);
}

/** A page of payments with the record each pays for (one read per distinct record on the page) and finance's warnings. */
export function usePaymentPages(status: StatusFilter) {
  return useCursorPages(paymentKeys.list(status), async (after) => {
    const page = await fetchPaymentPage(status, after);
    const ids = [...new Set(page.items.map((p) => p.targetId))];
    const labels = fetchLabels(); // once for the page, not once per record
    const targets = new Map(await Promise.all(ids.map(async (id) => [id, await fetchCheckoutRecord(id, labels).catch(() => null)] as const)));
    const items = await Promise.all(
      page.items.map(async (p): Promise<PaymentRow> => {
        const target = targets.get(p.targetId) ?? null;
        return { ...p, target, warnings: await warningsFor(p, target) };
      }),
    );
    return { items, next: page.next };
  });
}

export interface Totals {
  verified: { count: number; sum: number };
  submitted: { count: number; sum: number };
  /** Verified payments in another currency, left out of the sum. */
  otherCurrency: number;
}

/** Revenue counts verified payments only; money awaiting verification is shown apart. */
export async function fetchPaymentTotals(currency: string): Promise<Totals> {
  const sum = (filters: Filter[]) => db.fetchSum('payments', 'amount', filters);
  const [verified, submitted, allVerified] = await Promise.all([
    sum([
      ['status', '==', 'verified'],
      ['currency', '==', currency],
    ]),
    sum([
      ['status', '==', 'submitted'],
      ['currency', '==', currency],
    ]),
    db.fetchCount('payments', [['status', '==', 'verified']]),
  ]);
  return { verified, submitted, otherCurrency: allVerified - verified.count };
}

export function usePaymentTotals(currency: string) {
  return useQuery({
    queryKey: paymentKeys.totals(currency),
    queryFn: () => fetchPaymentTotals(currency),
  });
}

/** The ticket's files for the "payment verified" email, when the payment confirms a registration. */
export async function withTicket<V extends { targetCollection: string; targetId: string }>(target: V): Promise<MailAttachment[]> {
  if (target.targetCollection !== 'registrations') return [];
  const settings = await db.fetchDocument<{ summitName?: string; startDate?: Date | null; endDate?: Date | null; venue?: string }>('settings', 'site');
  return ticketAttachments(target.targetId, {
    summitName: settings?.summitName ?? 'National Cancer Summit',
    startDate: settings?.startDate ?? null,
    endDate: settings?.endDate ?? null,
    venue: settings?.venue ?? '',
  });
}

type Verdict = { payment: AdminPayment; note: string; attachments?: MailAttachment[] };

export function useVerifyPayment() {
  const staff = useStaff();
  return useStaffTransaction<Verdict>({
    paths: verdictPaths,
    prepare: async (v) => ({ ...v, attachments: await withTicket(v.payment) }),
    decide: async (docs, v, read) =>
      decideVerify(docs, { ...v, staffEmail: staff.email, mailId: db.newId('mail'), seat: await readSeat(v.payment.targetCollection, docs[1], read) }),
    invalidate: TOUCHED,
  });
}

export function useRejectPayment() {
  const staff = useStaff();
  return useStaffTransaction<Verdict>({
    paths: verdictPaths,
    decide: async (docs, v, read) =>
      decideReject(docs, { ...v, staffEmail: staff.email, mailId: db.newId('mail'), seat: await readSeat(v.payment.targetCollection, docs[1], read) }),
    invalidate: TOUCHED,
  });
}

export function useRecordManualPayment() {
  return useStaffTransaction<ManualPayment & { attachments?: MailAttachment[] }>({
    paths: manualPaths,
    prepare: async (m) => ({ ...m, attachments: await withTicket(m) }),
    decide: async (docs, m, read) => decideManual(docs, { ...m, mailId: db.newId('mail'), seat: await readSeat(m.targetCollection, docs[0], read) }),
    invalidate: TOUCHED,
  });
}

export const newPaymentId = () => db.newId('payments');

/** Finds what a payment code or reference pays for (registration first, then partner application or booth). */
export const findPayable = (reference: string) => (reference.trim() && !reference.includes('/') ? fetchStaffRecord(reference.trim()) : Promise.resolve(null));

// ---- donation pledges ----

export interface Donation {
  id: string;
  name: string;
  email: string;
  amount: number;
  currency: string;
  message: string;
  anonymous: boolean;
  status: DonationStatus;
  timestamp?: Date;
  receivedAt?: Date;
  receivedBy?: string;
}

export const fetchDonationPage = (after: Cursor | null) => db.fetchPage<Donation>('donations', { limit: PAGE_SIZE, after });

export function useDonationPages() {
  return useCursorPages([...paymentKeys.donations, 'list'], fetchDonationPage);
}

/** Pledged and received donations in one currency: count and amount of each. */
export async function fetchDonationTotals(currency: string) {
  const [pledged, received] = await Promise.all(
    DONATION_STATUSES.map((status) =>
      db.fetchSum('donations', 'amount', [
        ['status', '==', status],
        ['currency', '==', currency],
      ]),
    ),
  );
  return { pledged, received };
}

export function useDonationTotals(currency: string) {
  return useQuery({
    queryKey: [...paymentKeys.donations, 'totals', currency],
    queryFn: () => fetchDonationTotals(currency),
  });
}

/** A pledge whose money has arrived, marked once (refused when someone already did). */
export function useMarkDonationReceived() {
  const staff = useStaff();
  return useStaffTransaction<Donation>({
    paths: (d) => [`donations/${d.id}`],
    decide: ([current], d) => {
      if (current?.status !== 'pledged') throw new Error(`The pledge from ${d.name} is ${current ? `already ${String(current.status)}` : 'gone'}.`);
      return {
        writes: [{ update: `donations/${d.id}`, data: { status: 'received', receivedAt: serverValues.now(), receivedBy: staff.email } }],
        log: `Marked donation ${d.id} received (${amountText(d.amount, d.currency)})`,
      };
    },
    invalidate: [paymentKeys.donations],
  });
}
