// Runs in jsdom: the remembered address is in the browser's localStorage, the link returns to its origin.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
}

const sdk = vi.hoisted(() => ({
  auth: {
    currentUser: null as null | FakeUser,
    authStateReady: async () => void sdk.calls.push(['authStateReady']),
  },
  calls: [] as unknown[][],
  signInResult: null as null | FakeUser,
  failure: null as null | { code: string },
}));
vi.mock('firebase/auth', () => ({
  sendSignInLinkToEmail: async (...args: unknown[]) => {
    sdk.calls.push(['sendSignInLinkToEmail', ...args.slice(1)]);
    if (sdk.failure) throw sdk.failure;
  },
  isSignInWithEmailLink: (_auth: unknown, href: string) => href.includes('mode=signIn') && href.includes('oobCode='),
  signInWithEmailLink: async (...args: unknown[]) => {
    sdk.calls.push(['signInWithEmailLink', ...args.slice(1)]);
    if (sdk.failure) throw sdk.failure;
    sdk.auth.currentUser = sdk.signInResult;
    return { user: sdk.signInResult };
  },
  signOut: async () => {
    sdk.calls.push(['signOut']);
    sdk.auth.currentUser = null;
  },
}));
vi.mock('./firebase-auth.ts', () => ({ auth: sdk.auth, ready: Promise.resolve() }));

const {
  ATTENDEE_EMAIL_KEY,
  attendeeSession,
  completeAttendeeSignIn,
  continueUrl,
  describeEmailLinkError,
  isAttendeeLink,
  sendAttendeeLink,
  signOutAttendee,
  storedAttendeeEmail,
} = await import('./email-link.ts');

const LINK = 'http://localhost:3000/attend?draft=abc&mode=signIn&oobCode=code-1&apiKey=demo-api-key&lang=en';
const attendee: FakeUser = { uid: 'att-1', email: 'ada@example.org', emailVerified: true, isAnonymous: false };

beforeEach(() => {
  sdk.auth.currentUser = null;
  sdk.calls = [];
  sdk.signInResult = attendee;
  sdk.failure = null;
});
afterEach(() => localStorage.clear());

describe('asking for a sign-in link', () => {
  it('sends a link that returns to the page on this site, opened by the app, and remembers the address', async () => {
    await sendAttendeeLink(' Ada@Example.org ', '/attend?draft=abc');
    expect(sdk.calls).toEqual([['sendSignInLinkToEmail', 'Ada@Example.org', { url: `${location.origin}/attend?draft=abc`, handleCodeInApp: true }]]);
    expect(localStorage.getItem(ATTENDEE_EMAIL_KEY)).toBe('Ada@Example.org');
    expect(storedAttendeeEmail()).toBe('Ada@Example.org');
  });

  it('remembers nothing when the link could not be sent', async () => {
    sdk.failure = { code: 'auth/too-many-requests' };
    await expect(sendAttendeeLink('ada@example.org', '/attend')).rejects.toEqual({ code: 'auth/too-many-requests' });
    expect(storedAttendeeEmail()).toBeNull();
  });

  it('still sends the link when the browser refuses storage', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      await sendAttendeeLink('ada@example.org', '/attend');
      expect(sdk.calls).toHaveLength(1);
    } finally {
      setItem.mockRestore();
    }
  });
});

describe('the page a link returns to', () => {
  it('is a path of this site, with its query and fragment', () => {
    expect(continueUrl('/attend?draft=abc#form', 'https://summit.example.org')).toBe('https://summit.example.org/attend?draft=abc#form');
    expect(continueUrl('attend', 'https://summit.example.org')).toBe('https://summit.example.org/attend');
    expect(continueUrl('https://summit.example.org/x', 'https://summit.example.org')).toBe('https://summit.example.org/x');
  });

  it('is the home page for an address on another site', () => {
    expect(continueUrl('//evil.example.com/attend', 'https://summit.example.org')).toBe('https://summit.example.org/');
    expect(continueUrl('https://evil.example.com/', 'https://summit.example.org')).toBe('https://summit.example.org/');
    expect(continueUrl('http://summit.example.org/', 'https://summit.example.org')).toBe('https://summit.example.org/');
  });

  it("defaults to this page's origin", () => {
    expect(continueUrl('/attend')).toBe(`${location.origin}/attend`);
  });
});

describe('following the link', () => {
  it('recognises a sign-in link', () => {
    expect(isAttendeeLink(LINK)).toBe(true);
    expect(isAttendeeLink('http://localhost:3000/attend')).toBe(false);
  });

  it('signs in with the link, forgets the remembered address and answers the lower-case email', async () => {
    localStorage.setItem(ATTENDEE_EMAIL_KEY, 'Ada@Example.org');
    sdk.signInResult = { ...attendee, email: 'Ada@Example.ORG' };
    expect(await completeAttendeeSignIn(' Ada@Example.org', LINK)).toEqual({ uid: 'att-1', email: 'ada@example.org' });
    expect(sdk.calls).toEqual([['signInWithEmailLink', 'Ada@Example.org', LINK]]);
    expect(storedAttendeeEmail()).toBeNull();
  });

  it('keeps the remembered address when the link fails, so a new one can be asked for', async () => {
    localStorage.setItem(ATTENDEE_EMAIL_KEY, 'ada@example.org');
    sdk.failure = { code: 'auth/invalid-action-code' };
    await expect(completeAttendeeSignIn('ada@example.org', LINK)).rejects.toEqual({ code: 'auth/invalid-action-code' });
    expect(storedAttendeeEmail()).toBe('ada@example.org');
  });

  it('knows no remembered address on another device', () => {
    expect(storedAttendeeEmail()).toBeNull();
    localStorage.setItem(ATTENDEE_EMAIL_KEY, '');
    expect(storedAttendeeEmail()).toBeNull();
  });
});

describe("the attendee's session", () => {
  it('is the signed-in, verified account, once Auth knows it', async () => {
    sdk.auth.currentUser = { ...attendee, email: 'Ada@Example.org' };
    expect(await attendeeSession()).toEqual({ uid: 'att-1', email: 'ada@example.org' });
    expect(sdk.calls).toEqual([['authStateReady']]);
  });

  it('is nobody for no account, an anonymous visitor, an unverified address or an account without one', async () => {
    expect(await attendeeSession()).toBeNull();
    sdk.auth.currentUser = { uid: 'anon', email: null, emailVerified: false, isAnonymous: true };
    expect(await attendeeSession()).toBeNull();
    sdk.auth.currentUser = { ...attendee, emailVerified: false };
    expect(await attendeeSession()).toBeNull();
    sdk.auth.currentUser = { ...attendee, email: null };
    expect(await attendeeSession()).toBeNull();
  });

  it('ends on signing out', async () => {
    sdk.auth.currentUser = attendee;
    await signOutAttendee();
    expect(sdk.calls).toEqual([['signOut']]);
    expect(await attendeeSession()).toBeNull();
  });
});

describe('what went wrong, for the attendee', () => {
  it.each([
    ['auth/invalid-action-code', 'expired-or-used'],
    ['auth/expired-action-code', 'expired-or-used'],
    ['auth/invalid-email', 'wrong-email'],
    ['auth/missing-email', 'wrong-email'],
    ['auth/too-many-requests', 'too-many-attempts'],
    ['auth/quota-exceeded', 'too-many-attempts'],
    ['auth/network-request-failed', 'network'],
    ['auth/internal-error', 'unknown'],
  ])('%s is %s', (code, problem) => {
    expect(describeEmailLinkError({ code })).toBe(problem);
  });

  it('is unknown for anything that is not an Auth error', () => {
    expect(describeEmailLinkError(new Error('boom'))).toBe('unknown');
    expect(describeEmailLinkError(null)).toBe('unknown');
    expect(describeEmailLinkError(undefined)).toBe('unknown');
    expect(describeEmailLinkError('auth/invalid-email')).toBe('unknown');
  });
});
