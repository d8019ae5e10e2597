// A visitor's identity for the rules' per-visitor limits: the account already signed in (staff
// trying the public form, or the visitor's earlier anonymous identity), else a new anonymous one.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  auth: { currentUser: null as null | { uid: string }, authStateReady: async () => void sdk.steps.push('auth state ready') },
  steps: [] as string[],
  anonymous: 0,
}));
vi.mock('firebase/auth', () => ({
  signInAnonymously: async () => {
    sdk.steps.push('signed in anonymously');
    return { user: { uid: `anon-${++sdk.anonymous}` } };
  },
}));
vi.mock('./firebase-auth.ts', () => ({ auth: sdk.auth, ready: Promise.resolve() }));

const { visitorUid } = await import('./visitor-auth.ts');

beforeEach(() => {
  sdk.auth.currentUser = null;
  sdk.steps = [];
  sdk.anonymous = 0;
});

describe("a visitor's identity", () => {
  it('is the account already signed in, once Auth knows it', async () => {
    sdk.auth.currentUser = { uid: 'staff-1' };
    expect(await visitorUid()).toBe('staff-1');
    expect(sdk.steps).toEqual(['auth state ready']);
  });

  it('is a new anonymous identity for a first-time visitor', async () => {
    expect(await visitorUid()).toBe('anon-1');
    expect(sdk.steps).toEqual(['auth state ready', 'signed in anonymously']);
  });
});
