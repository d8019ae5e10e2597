// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepPlace, storedPlace } from './register-place.ts';

afterEach(() => sessionStorage.clear());

describe('the register page’s place in this tab', () => {
  it('keeps each step and forgets it', () => {
    const check = { kind: 'check-email', id: 'REF0000000000001', email: 'a@example.org', waitlist: true, draftSaved: false } as const;
    keepPlace(check);
    expect(storedPlace()).toEqual(check);
    keepPlace({ kind: 'registered', reference: 'REF0000000000002' });
    expect(storedPlace()).toEqual({ kind: 'registered', reference: 'REF0000000000002' });
    keepPlace({ kind: 'waitlisted', email: 'a@example.org' });
    expect(storedPlace()).toEqual({ kind: 'waitlisted', email: 'a@example.org' });
    keepPlace(null);
    expect(storedPlace()).toBeNull();
  });

  it('ignores anything else stored under its key: a reference that is no reference, an unknown step, bad JSON', () => {
    for (const raw of [
      JSON.stringify({ kind: 'registered', reference: '../admin' }),
      JSON.stringify({ kind: 'check-email', id: 'REF0000000000001' }),
      JSON.stringify({ kind: 'paid' }),
      JSON.stringify('registered'),
      '{oops',
    ]) {
      sessionStorage.setItem('registerPlace', raw);
      expect(storedPlace()).toBeNull();
    }
  });
});
