// The programme's published sessions: read by /program and by an accepted abstract's page (which
// names the session it is presented in), so they live below both features.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import { publicKey } from './query-keys.ts';

export interface Session {
  id: string;
  title: string;
  description: string;
  day: number;
  startsAt: Date;
  endsAt: Date;
  track: string;
  room: string;
  speakerIds: string[];
  /** When the session was created (every document the data module writes has one). */
  timestamp?: Date;
}

// A summit programme is bounded (tens of sessions); the limits are a guard, not paging.
export const sessionsQuery = queryOptions({
  queryKey: publicKey('sessions'),
  queryFn: () => publicReads.fetchDocuments<Session>('sessions', { where: [['published', '==', true]], orderBy: ['startsAt', 'asc'], limit: 300 }),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}
