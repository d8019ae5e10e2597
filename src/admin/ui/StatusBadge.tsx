const TONES: Record<string, string> = {
  good: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  neutral: 'bg-slate-100 text-slate-800',
};

const TONE_OF: Record<string, keyof typeof TONES> = {
  confirmed: 'good',
  paid: 'good',
  verified: 'good',
  'checked-in': 'good',
  published: 'good',
  awarded: 'good',
  read: 'neutral',
  pending: 'warn',
  submitted: 'warn',
  unpaid: 'warn',
  issued: 'warn',
  draft: 'neutral',
  unread: 'warn',
  requested: 'warn',
  evaluating: 'warn',
  cancelled: 'bad',
  rejected: 'bad',
  void: 'bad',
  waiting: 'warn',
  offered: 'warn',
  registered: 'good',
  passed: 'neutral',
  withdrawn: 'neutral',
  // statement lines and what became of them
  reversed: 'bad',
  applied: 'good',
  matched: 'good',
  'matched-manually': 'good',
  recorded: 'good',
  queued: 'warn',
  partial: 'warn',
  overpaid: 'warn',
  unknown: 'warn',
  'already-paid': 'warn',
  'seat-lost': 'bad',
  invalid: 'bad',
  duplicate: 'neutral',
  dismissed: 'neutral',
  // certificates
  valid: 'good',
  revoked: 'bad',
  // data requests (an approved erasure is under way until done)
  received: 'warn',
  approved: 'warn',
  done: 'good',
  refused: 'bad',
};

/** Codes that are not words: what people read instead. */
const WORDS: Record<string, string> = {
  'checked-in': 'checked in',
  'not-required': 'no payment needed',
  unpaid: 'awaiting payment',
  submitted: 'reference submitted',
  offered: 'seat offered',
  passed: 'offer lapsed',
  'matched-manually': 'matched by hand',
  recorded: 'verified by hand',
  overpaid: 'over-paid',
  unknown: 'unknown code',
  'already-paid': 'already paid',
  'seat-lost': 'seat lost',
  dismissed: 'put aside',
};

/** What people read for a status code: in badges, and in the filters that choose by status. */
export const statusWord = (status: string) => WORDS[status] ?? status;

/** A status word with a colour that is never the only signal (the word is always shown). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${TONES[TONE_OF[status] ?? 'neutral']}`}>{statusWord(status)}</span>;
}
