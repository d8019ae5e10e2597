// What Abstracts › Programme reads besides the submitted abstracts and the decisions: every
// published abstract's listing (public, read here whole: a summit accepts hundreds at most) and
// every programme session, published or not (staff read both: an accepted abstract may be placed
// in a session before the session itself is published).
import { useQuery } from '@tanstack/react-query';
import { adminKey } from '../../../data/query-keys.ts';
import { PUBLISHED, type PublishedAbstract } from '../../../data/published-abstracts.ts';
import { db } from '../../../lib/data.ts';

export const publishedAdminKey = adminKey(PUBLISHED);
export const sessionsAdminKey = [...adminKey('sessions'), 'for abstracts'];

export const fetchPublishedListings = () => db.fetchEvery<PublishedAbstract>(PUBLISHED, { orderBy: ['title', 'asc'] });

/**
 * What the placement reads of a session (sessions/{id}, the programme feature's Session; features
 * do not import each other): when and what, and whether visitors see it yet.
 */
export interface ProgrammeSession {
  id: string;
  title: string;
  day: number;
  startsAt: Date;
  endsAt: Date;
  room: string;
  published?: boolean;
}

export const fetchProgrammeSessions = () => db.fetchEvery<ProgrammeSession>('sessions', { orderBy: ['startsAt', 'asc'] });

export const usePublishedListings = () => useQuery({ queryKey: publishedAdminKey, queryFn: fetchPublishedListings, staleTime: 0 });
export const useProgrammeSessions = () => useQuery({ queryKey: sessionsAdminKey, queryFn: fetchProgrammeSessions, staleTime: 0 });
