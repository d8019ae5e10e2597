import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import type { BatchWrite } from '../lib/db.ts';
import { publicKey } from './query-keys.ts';

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
  queryKey: publicKey('sponsors'),
  queryFn: () => publicReads.fetchDocuments<PublicPartner>('sponsors', { where: [['published', '==', true]], limit: 60 }),
});

export function usePublishedPartners() {
  return useQuery(publishedPartnersQuery);
}

/** The sponsor a partner application becomes when staff approve it (its id names the application). */
export const sponsorIdFor = (applicationId: string) => `application-${applicationId}`;

/**
 * Approving a partnership application shows the organisation among the partners at once, copied
 * from the application (staff edit it afterwards like any sponsor: a logo, hiding it); declining
 * it later takes it off. Booth bookings are not partnerships: they never become sponsors.
 */
export function sponsorWrites(
  application: { id: string; kind?: unknown; organisation?: unknown; tier?: unknown; website?: unknown },
  approved: boolean,
  now: unknown,
): BatchWrite[] {
  if (application.kind !== 'partner') return [];
  const id = sponsorIdFor(application.id);
  if (!approved) return [{ delete: `sponsors/${id}` }];
  const website = typeof application.website === 'string' && application.website ? { website: application.website } : {};
  return [
    {
      set: `sponsors/${id}`,
      data: {
        id,
        timestamp: now,
        organisation: String(application.organisation ?? ''),
        tier: String(application.tier ?? ''),
        ...website,
        published: true,
        applicationId: application.id,
      },
    },
  ];
}
