// The six actors of the rules matrix, each a separate signed-in (or anonymous) client.
import type { Firestore } from 'firebase/firestore/lite';
import { DEMO_STAFF } from '../../../emulator/seed/demo-data.ts';
import { writeDocuments } from '../../../emulator/seed/rest.ts';
import { client, stack } from './clients.ts';

export const ACTORS = ['anonymous', 'signedIn', 'unverified', 'editor', 'finance', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export const STAFF: Actor[] = ['editor', 'finance', 'admin'];
export const EVERYONE: Actor[] = [...ACTORS];

export const EMAILS: Record<Exclude<Actor, 'anonymous'>, string> = {
  signedIn: 'visitor@example.org',
  // Holds an admin staff entry, but its email is not verified: the role must not count.
  unverified: 'unverified-admin@example.org',
  editor: DEMO_STAFF[1].email,
  finance: DEMO_STAFF[2].email,
  admin: DEMO_STAFF[0].email,
};

const PASSWORDS: Record<string, string> = Object.fromEntries(DEMO_STAFF.map((s) => [s.email, s.password]));

export async function signInActors(): Promise<Record<Actor, Firestore>> {
  await writeDocuments(stack(), [[`staff/${EMAILS.unverified}`, { email: EMAILS.unverified, role: 'admin' }]]);
  const entries = await Promise.all(
    ACTORS.map(async (actor) => {
      if (actor === 'anonymous') return [actor, await client()] as const;
      const email = EMAILS[actor];
      return [actor, await client({ email, password: PASSWORDS[email] ?? 'matrix-password-1', emailVerified: actor !== 'unverified' })] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Actor, Firestore>;
}

/** Writes a fixture with the owner bypass, as the seed would. */
export function fixture(path: string, data: object) {
  const id = path.split('/').pop()!;
  return writeDocuments(stack(), [[path, { id, timestamp: new Date(), ...data }]]);
}

let n = 0;
export const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
