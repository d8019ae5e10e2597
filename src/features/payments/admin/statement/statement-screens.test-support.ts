// The Statements screens' component tests: a summit in the in-memory db (tests/fake-db.ts) with
// unpaid registrations that carry payment codes, each holding its seat, as the real import and the
// real line decisions read them.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { checkoutOf } from '../../../../data/registration-record.ts';
import { paymentCodePath } from '../../../../data/payment-codes.ts';
import type { FakeDb } from '../../../../../tests/fake-db.ts';
import { seed } from '../../../../../tests/render-public.tsx';
import { applyStatement, fetchLedger } from './import-api.ts';
import { countClasses, matchStatement } from './match.ts';
import { checksum, parseStatement } from './parse-statement.ts';
import { codeFor, mpesaCsv, type MpesaRow } from './statement.test-support.ts';

/** Registration n: 'reg-n', KES 15,000 unpaid, payment code codeFor(n), holding seat n. */
export function unpaidRegistration(state: FakeDb, n: number, overrides: Record<string, unknown> = {}) {
  const id = `reg-${n}`;
  const record = {
    id,
    fullName: `Delegate ${n}`,
    email: `delegate${n}@example.org`,
    category: 'delegate',
    fee: 15000,
    currency: 'KES',
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentNote: '',
    seat: String(n),
    seatClaim: `claim-${n}`,
    paymentCode: codeFor(n),
    timestamp: new Date('2026-11-01T08:00:00Z'),
    ...overrides,
  };
  state.docs.set(`registrations/${id}`, record);
  state.docs.set(`checkouts/${id}`, checkoutOf(record));
  state.docs.set(paymentCodePath(record.paymentCode), { collection: 'registrations', recordId: id });
  state.docs.set(`seats/${n}`, { state: 'held', claim: record.seatClaim, heldSince: new Date() });
  return record;
}

/** The site settings (summit name, currency KES) and `count` unpaid registrations. */
export function seedSummit(state: FakeDb, count = 3) {
  seed(state, { seats: count });
  for (let n = 1; n <= count; n++) unpaidRegistration(state, n);
}

/** Every document of a collection, by id. */
export const docsIn = (state: FakeDb, name: string): Array<Record<string, unknown> & { id: string }> =>
  [...state.docs.entries()].filter(([path]) => path.startsWith(`${name}/`)).map(([path, d]) => ({ ...d, id: path.slice(name.length + 1) }));

/**
 * A statement imported as finance's Apply imports it (the real parser, matcher and applyStatement,
 * into whatever lib/data.ts the test file mocked): returns the import's id.
 */
export async function importStatement(rows: MpesaRow[], staffEmail: string, importId = 'import-1') {
  const bytes = mpesaCsv(rows);
  const parsed = await parseStatement({ name: 'mpesa-november.csv', bytes }, 'mpesa', 'KES');
  const lines = matchStatement(parsed, await fetchLedger());
  await applyStatement({ importId, fileName: 'mpesa-november.csv', checksum: await checksum(bytes), parsed, lines, counts: countClasses(lines) }, staffEmail);
  return importId;
}

/** Answers the open confirmation (admin/ui/ConfirmButton): its note typed when it asks for one, then its confirm button. */
export async function confirmDialog(user: UserEvent, confirmLabel: string, note?: { label: string; text: string }) {
  const dialog = screen.getByRole('alertdialog');
  if (note) await user.type(within(dialog).getByLabelText(note.label), note.text);
  await user.click(within(dialog).getByRole('button', { name: confirmLabel }));
}
