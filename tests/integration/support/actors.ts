// The seven actors of the rules matrix, each a separate client (its own Firebase app), and the
// verdict of an attempt: allowed, or refused by the rules.
import type { User } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore/lite';
import { DEMO_STAFF } from '../../../emulator/seed/demo-data.ts';
import { connect } from './clients.ts';
import { fixture } from './owner.ts';

export const ACTORS = ['anonymous', 'signedIn', 'unverified', 'reviewer', 'editor', 'finance', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

// Who holds which permission, as the policy groups them.
export const EVERYONE: readonly Actor[] = ACTORS;
export const STAFF: readonly Actor[] = ['editor', 'finance', 'admin'];
/** Whoever has an identity: visitors submit forms under one (anonymous sign-in), never without. */
export const SIGNED_IN: readonly Actor[] = ['signedIn', 'unverified', 'reviewer', 'editor', 'finance', 'admin'];
export const EDITORS: readonly Actor[] = ['editor', 'admin'];
export const FINANCE: readonly Actor[] = ['finance', 'admin'];
export const ADMIN: readonly Actor[] = ['admin'];
/** Reviewers of abstracts, and administrators (who may do what a reviewer does): no staff tier. */
export const REVIEWERS: readonly Actor[] = ['reviewer', 'admin'];
export const NOBODY: readonly Actor[] = [];

const demo = (role: string) => DEMO_STAFF.find((s) => s.role === role)!;

export const ACCOUNTS: Record<Exclude<Actor, 'anonymous'>, { email: string; password: string; emailVerified: boolean }> = {
  // Signed in with a verified email, but no staff entry.
  signedIn: { email: 'visitor@example.org', password: 'visitor-password-1', emailVerified: true },
  // Holds an *admin* staff entry, but its email is not verified: every denial it gets proves that
  // the role only counts with a verified email.
  unverified: { email: 'unverified-admin@example.org', password: 'unverified-password-1', emailVerified: false },
  // A reviewer of abstracts (issue 39): a staff entry with the reviewer role, which is no staff tier.
  reviewer: { email: 'reviewer@example.org', password: 'reviewer-password-1', emailVerified: true },
  editor: { ...demo('editor'), emailVerified: true },
  finance: { ...demo('finance'), emailVerified: true },
  admin: { ...demo('admin'), emailVerified: true },
};

export const emailOf = (actor: Actor) => (actor === 'anonymous' ? null : ACCOUNTS[actor].email);

export interface Actors {
  db: Record<Actor, Firestore>;
  user: Record<Actor, User | null>;
}

/** The reviewer actor's staff entry: where they work and which tracks they review. */
export const REVIEWER_ENTRY = { email: ACCOUNTS.reviewer.email, role: 'reviewer', institution: 'University of Nairobi', tracks: ['prevention', 'treatment'] };

/** Signs every actor in (the demo staff entries come from the seed; the unverified admin's and the reviewer's are written here). */
export async function signInActors(): Promise<Actors> {
  await fixture(`staff/${ACCOUNTS.unverified.email}`, { email: ACCOUNTS.unverified.email, role: 'admin' });
  await fixture(`staff/${ACCOUNTS.reviewer.email}`, REVIEWER_ENTRY);
  const connections = await Promise.all(ACTORS.map((a) => connect(a === 'anonymous' ? undefined : ACCOUNTS[a])));
  const pick = <K extends 'db' | 'user'>(k: K) =>
    Object.fromEntries(ACTORS.map((a, i) => [a, connections[i][k]])) as Record<Actor, (typeof connections)[number][K]>;
  return { db: pick('db'), user: pick('user') };
}

/** 'allowed' when the operation succeeds, 'denied' when the rules refuse it; anything else is a test bug and throws. */
export async function verdict(operation: Promise<unknown>): Promise<Verdict> {
  try {
    await operation;
    return 'allowed';
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return 'denied';
    throw error;
  }
}

export type Verdict = 'allowed' | 'denied';

export const allowedFor = (actors: readonly Actor[], actor: Actor): Verdict => (actors.includes(actor) ? 'allowed' : 'denied');

/** A case's name from its expectation: "finance may not delete registrations". */
export const caseName = (actor: Actor, expected: Verdict, what: string) => `${actor} ${expected === 'allowed' ? 'may' : 'may not'} ${what}`;

/** Rows for it.each with '%s': vitest prints a name given this way in full (its $name is quoted and truncated). */
export const named = <T extends { name: string }>(cases: T[]) => cases.map((c) => [c.name, c] as [string, T]);
