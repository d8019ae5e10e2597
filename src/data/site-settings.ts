import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicReads } from '../lib/data.ts';
import { DEFAULT_SETTINGS } from '../content/site.ts';
import type { SiteSettings } from './site-settings-schema.ts';

export const siteSettingsKey = ['settings', 'site'] as const;

const toDate = (v: unknown) => (v instanceof Date ? v : null);

export async function fetchSiteSettings(): Promise<SiteSettings> {
  const stored = await publicReads.fetchDocument<Record<string, unknown>>('settings', 'site');
  if (!stored) return DEFAULT_SETTINGS;
  return { ...DEFAULT_SETTINGS, ...stored, startDate: toDate(stored.startDate), endDate: toDate(stored.endDate) } as SiteSettings;
}

/** settings/site, read once per visit and shared by every page (one document read). */
export const siteSettingsQuery = queryOptions({ queryKey: siteSettingsKey, queryFn: fetchSiteSettings, staleTime: 5 * 60_000 });

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}
