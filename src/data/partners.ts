import { queryOptions, useQuery } from '@tanstack/react-query';
import { db } from '../lib/data.ts';

export interface PublicPartner {
  id: string;
  organisation: string;
  tier: string;
  website?: string;
  logoUrl?: string;
}

export const TIER_ORDER = ['platinum', 'gold', 'silver', 'bronze'];

/**
 * Partners shown on /about and the home page: the `sponsors` collection, the public face of
 * confirmed partners (applications in `partners` hold contact details and are never public).
 */
export const publishedPartnersQuery = queryOptions({
  queryKey: ['sponsors', 'published'],
  queryFn: () => db.fetchDocuments<PublicPartner>('sponsors', { where: [['published', '==', true]], limit: 60 }),
});

export function usePublishedPartners({ enabled = true } = {}) {
  return useQuery({ ...publishedPartnersQuery, enabled });
}
