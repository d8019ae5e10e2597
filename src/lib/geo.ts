// The visitor's approximate location, looked up once from the configured IP-geolocation service
// and kept in localStorage. Used only to pre-fill a country; never awaited by rendering.
import { z } from 'zod';
import { geoLookupUrl } from './env.ts';

export const LOCATION_KEY = 'location';

export const locationSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  country: z.string().optional(),
});

export type StoredLocation = z.infer<typeof locationSchema>;

/** Accepts the common response shapes (country / country_name). Returns null when invalid. */
export function parseLocation(raw: unknown): StoredLocation | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const parsed = locationSchema.safeParse({ latitude: r.latitude ?? r.lat, longitude: r.longitude ?? r.lon, country: r.country_name ?? r.country });
  return parsed.success ? parsed.data : null;
}

export function getStoredLocation(storage: Pick<Storage, 'getItem'> = localStorage): StoredLocation | null {
  try {
    return parseLocation(JSON.parse(storage.getItem(LOCATION_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Looks the location up once per browser; silent on any failure. */
export async function rememberLocation(url = geoLookupUrl, storage: Storage = localStorage, fetcher: typeof fetch = fetch): Promise<StoredLocation | null> {
  if (!url) return null;
  const known = getStoredLocation(storage);
  if (known) return known;
  try {
    const response = await fetcher(url);
    if (!response.ok) return null;
    const location = parseLocation(await response.json());
    if (location) storage.setItem(LOCATION_KEY, JSON.stringify(location));
    return location;
  } catch {
    return null;
  }
}
