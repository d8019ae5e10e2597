import { useQuery } from '@tanstack/react-query';
import { db } from '../lib/data.ts';

export interface PublicPartner {
  id: string;
  organisation: string;
  tier: string;
  website?: string;
}

export const TIER_ORDER = ['platinum', 'gold', 'silver', 'bronze'];

/** Partners staff have published, for /about and the home page (a bounded list). */
export function usePublishedPartners() {
  return useQuery({
    queryKey: ['partners', 'published'],
    queryFn: () => db.fetchDocuments<PublicPartner>('partners', { where: [['published', '==', true]], limit: 60 }),
  });
}
