import { describe, expect, it } from 'vitest';
import { attendeeSessionHint } from './session-hint.ts';

const storage = (entries: Record<string, string>) => {
  const keys = Object.keys(entries);
  return { length: keys.length, key: (i: number) => keys[i] ?? null, getItem: (k: string) => entries[k] ?? null };
};
const user = (over: Record<string, unknown>) => JSON.stringify({ uid: 'u1', email: 'kate@example.org', emailVerified: true, isAnonymous: false, ...over });

describe('whether this browser may hold an attendee’s session', () => {
  it('is true for a stored user signed in with a proven address', () => {
    expect(attendeeSessionHint(storage({ 'firebase:authUser:key:[DEFAULT]': user({}) }))).toBe(true);
  });

  it('is false for an anonymous visitor, an unproven address, another key, bad JSON or no storage', () => {
    expect(attendeeSessionHint(storage({ 'firebase:authUser:key:[DEFAULT]': user({ isAnonymous: true }) }))).toBe(false);
    expect(attendeeSessionHint(storage({ 'firebase:authUser:key:[DEFAULT]': user({ emailVerified: false }) }))).toBe(false);
    expect(attendeeSessionHint(storage({ 'firebase:authUser:key:[DEFAULT]': user({ email: null }) }))).toBe(false);
    expect(attendeeSessionHint(storage({ 'somethingElse:authUser': user({}) }))).toBe(false);
    expect(attendeeSessionHint(storage({ 'firebase:authUser:key:[DEFAULT]': '{not json' }))).toBe(false);
    expect(attendeeSessionHint(storage({}))).toBe(false);
    expect(attendeeSessionHint(null)).toBe(false);
  });
});
