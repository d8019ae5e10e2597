// "My abstracts": what an author signed in with their address reads and does (firestore.rules
// match /abstracts: their own only, written while the call is open; match /abstractOutcomes: the
// committee's decision on each, once taken, without the reviewers' names). A new abstract is started as
// a visitor's submission (its throttle write, an id chosen before the first attempt); later saves
// and a withdrawal are plain commits of the author's own record.
import { useQuery } from '@tanstack/react-query';
import { db } from '../../lib/data.ts';
import type { Db } from '../../lib/db.ts';
import { saveAbstractWrite, withdrawAbstractWrite, type Abstract, type AbstractContent } from '../../data/abstracts.ts';
import type { AbstractOutcome } from '../../data/abstract-decision.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';

export const myAbstractsKey = (email: string) => ['my-abstracts', email] as const;

const time = (v: unknown) => (v instanceof Date ? v.getTime() : 0);

/** The author's abstracts, the latest changed first. */
export async function fetchMyAbstracts(email: string): Promise<Abstract[]> {
  const mine = await db.fetchDocuments<Abstract>('abstracts', { where: [['email', '==', email]], orderBy: null });
  return mine.sort((a, b) => time(b.updatedAt) - time(a.updatedAt));
}

/** The committee's decisions on the author's abstracts, by abstract id (a query the rules prove theirs: email == their address). */
export async function fetchMyOutcomes(email: string, client: Pick<Db, 'fetchDocuments'> = db): Promise<Record<string, AbstractOutcome>> {
  const decided = await client.fetchDocuments<AbstractOutcome>('abstractOutcomes', { where: [['email', '==', email]], orderBy: null });
  return Object.fromEntries(decided.map((o) => [o.id, o]));
}

export interface MyAbstracts {
  abstracts: Abstract[];
  outcomes: Record<string, AbstractOutcome>;
}

export function useMyAbstracts(email: string) {
  return useQuery({
    queryKey: myAbstractsKey(email),
    queryFn: async (): Promise<MyAbstracts> => {
      const [abstracts, outcomes] = await Promise.all([fetchMyAbstracts(email), fetchMyOutcomes(email)]);
      return { abstracts, outcomes };
    },
    staleTime: 0,
  });
}

/** Saves a draft or submits: the first save creates the record (throttled), later ones update it. */
export async function saveAbstract(id: string, email: string, content: AbstractContent, status: 'draft' | 'submitted', before: Abstract | null): Promise<void> {
  const write = saveAbstractWrite(id, email, content, status, before);
  if (before) await db.commit([write]);
  else await submitAsVisitor('abstracts', id, [write]);
}

export const withdrawAbstract = (id: string) => db.commit([withdrawAbstractWrite(id)]);
