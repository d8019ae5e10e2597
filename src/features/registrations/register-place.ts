// Where a visitor is in registering, kept for this tab (sessionStorage): a reload, or Back then
// Forward, brings back "Check your email" (with "send it again") or the registration just made,
// never an empty form with no word of either. Only the step is kept; the form itself stays in the
// local draft (api.ts), the registration on the server.
export type RegisterPlace =
  | { kind: 'check-email'; id: string; email: string; waitlist: boolean; draftSaved: boolean }
  | { kind: 'registered'; reference: string }
  | { kind: 'waitlisted'; email: string };

const KEY = 'registerPlace';
const REFERENCE = /^[A-Za-z0-9_-]{4,128}$/;

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 320;

/** The stored place, checked field by field (anything else in storage is ignored). */
function parsePlace(raw: unknown): RegisterPlace | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  if (p.kind === 'check-email' && text(p.id) && REFERENCE.test(p.id) && text(p.email))
    return { kind: 'check-email', id: p.id, email: p.email, waitlist: p.waitlist === true, draftSaved: p.draftSaved === true };
  if (p.kind === 'registered' && text(p.reference) && REFERENCE.test(p.reference)) return { kind: 'registered', reference: p.reference };
  if (p.kind === 'waitlisted' && text(p.email)) return { kind: 'waitlisted', email: p.email };
  return null;
}

export function storedPlace(): RegisterPlace | null {
  try {
    return parsePlace(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Keeps the visitor's step; null forgets it (back at the form). */
export function keepPlace(place: RegisterPlace | null) {
  try {
    if (place) sessionStorage.setItem(KEY, JSON.stringify(place));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: a reload shows the form, as before
  }
}
