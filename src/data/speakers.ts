import { queryOptions, useQuery } from '@tanstack/react-query';
import { db, publicReads } from '../lib/data.ts';
import { publicKey } from './query-keys.ts';

export interface Speaker {
  id: string;
  name: string;
  title: string;
  organisation: string;
  bio: string;
  order: number;
  photoUrl?: string;
}

/** Published speakers in their display order (a bounded list; the limit is a guard). */
export const speakersQuery = queryOptions({
  queryKey: publicKey('speakers'),
  queryFn: () => publicReads.fetchDocuments<Speaker>('speakers', { where: [['published', '==', true]], orderBy: ['order', 'asc'], limit: 100 }),
});

/** Every speaker, drafts included, in display order (staff only: a session may name one not yet announced). */
export const fetchAllSpeakers = () => db.fetchDocuments<Speaker>('speakers', { orderBy: ['order', 'asc'], limit: 200 });

export function useSpeakers() {
  return useQuery(speakersQuery);
}
