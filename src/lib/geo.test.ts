import { describe, expect, it, vi } from 'vitest';
import { getStoredLocation, LOCATION_KEY, parseLocation, rememberLocation } from './geo.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

describe('geolocation', () => {
  it('accepts valid coordinates and the country name', () => {
    expect(parseLocation({ latitude: -1.29, longitude: 36.82, country_name: 'Kenya' })).toEqual({ latitude: -1.29, longitude: 36.82, country: 'Kenya' });
  });

  it.each([
    { latitude: 91, longitude: 0 },
    { latitude: -90.5, longitude: 0 },
    { latitude: 0, longitude: 180.1 },
    { latitude: 0, longitude: -181 },
    { latitude: 'north', longitude: 0 },
  ])('refuses out-of-range or malformed %j', (raw) => {
    expect(parseLocation(raw)).toBeNull();
  });

  it('accepts the poles and the antimeridian themselves', () => {
    for (const [latitude, longitude] of [
      [90, 180],
      [-90, -180],
      ['90', '-180'],
    ]) {
      expect(parseLocation({ latitude, longitude })).toEqual({ latitude: Number(latitude), longitude: Number(longitude) });
    }
  });

  it.each(['', '  ', null, Number.NaN, Number.POSITIVE_INFINITY, '1e400', true, [1]])(
    'refuses %j as a coordinate (an empty answer is not the equator)',
    (bad) => {
      expect(parseLocation({ latitude: bad, longitude: 36.82 })).toBeNull();
      expect(parseLocation({ latitude: -1.29, longitude: bad })).toBeNull();
    },
  );

  it('reads latitude as latitude or lat', () => {
    expect(parseLocation({ lat: -1.29, longitude: 36.82 })).toEqual({ latitude: -1.29, longitude: 36.82 });
    expect(parseLocation({ latitude: -1.29, lat: 5, longitude: 36.82 })).toMatchObject({ latitude: -1.29 });
  });

  it('reads longitude as longitude, lon or lng (the services disagree), preferring the longest name', () => {
    expect(parseLocation({ lat: -1.29, lon: 36.82 })).toEqual({ latitude: -1.29, longitude: 36.82 });
    expect(parseLocation({ lat: -1.29, lng: 36.82, country: 'Kenya' })).toEqual({ latitude: -1.29, longitude: 36.82, country: 'Kenya' });
    expect(parseLocation({ lat: '-1.29', lng: '36.82' })).toEqual({ latitude: -1.29, longitude: 36.82 });
    expect(parseLocation({ latitude: 1, longitude: 2, lon: 3, lng: 4 })).toMatchObject({ longitude: 2 });
    expect(parseLocation({ lat: 1, lng: 181 })).toBeNull();
  });

  it('looks up once and then reuses the stored location', async () => {
    const storage = memoryStorage();
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ latitude: 1, longitude: 2, country: 'KE' })));
    await rememberLocation('https://geo.example/json', storage, fetcher as unknown as typeof fetch);
    await rememberLocation('https://geo.example/json', storage, fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(getStoredLocation(storage)).toEqual({ latitude: 1, longitude: 2, country: 'KE' });
  });

  it('is disabled without a lookup address and never throws on failure', async () => {
    const storage = memoryStorage();
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await rememberLocation('', storage, failing as unknown as typeof fetch)).toBeNull();
    expect(failing).not.toHaveBeenCalled();
    expect(await rememberLocation('https://geo.example/json', storage, failing as unknown as typeof fetch)).toBeNull();
    expect(storage.getItem(LOCATION_KEY)).toBeNull();
  });
});

describe('the country and what is kept', () => {
  it('prefers the country’s name to its code, and leaves out a country that is not text', () => {
    expect(parseLocation({ latitude: 1, longitude: 2, country_name: 'Kenya', country: 'KE' })).toEqual({ latitude: 1, longitude: 2, country: 'Kenya' });
    expect(parseLocation({ latitude: 1, longitude: 2, country: 404 })).toEqual({ latitude: 1, longitude: 2 });
  });

  it.each([null, undefined, 'Nairobi', 42, true])('refuses a response that is not an object: %j', (raw) => {
    expect(parseLocation(raw)).toBeNull();
  });

  it('refuses anything but an object, even a function carrying coordinates', () => {
    expect(parseLocation(Object.assign(() => undefined, { latitude: 1, longitude: 2 }))).toBeNull();
  });

  it('is kept under the key "location", where returning visitors’ browsers have it', () => {
    const storage = memoryStorage();
    storage.setItem('location', JSON.stringify({ latitude: -1.29, longitude: 36.82, country: 'Kenya' }));
    expect(getStoredLocation(storage)).toEqual({ latitude: -1.29, longitude: 36.82, country: 'Kenya' });
  });

  it('reads coordinates given as text with spaces around them', () => {
    expect(parseLocation({ latitude: ' -1.29 ', longitude: '36.82' })).toEqual({ latitude: -1.29, longitude: 36.82 });
  });

  it('forgets a stored location that is damaged or out of range', () => {
    const storage = memoryStorage();
    storage.setItem(LOCATION_KEY, '{not json');
    expect(getStoredLocation(storage)).toBeNull();
    storage.setItem(LOCATION_KEY, JSON.stringify({ latitude: 95, longitude: 0 }));
    expect(getStoredLocation(storage)).toBeNull();
  });

  it('keeps nothing when the service answers an error or an unusable location, and asks again next time', async () => {
    const storage = memoryStorage();
    const refused = vi.fn(async () => new Response('{"latitude":1,"longitude":2}', { status: 429 }));
    expect(await rememberLocation('https://geo.example/json', storage, refused as unknown as typeof fetch)).toBeNull();
    const useless = vi.fn(async () => new Response('{"latitude":"","longitude":2}'));
    expect(await rememberLocation('https://geo.example/json', storage, useless as unknown as typeof fetch)).toBeNull();
    expect(storage.getItem(LOCATION_KEY)).toBeNull();
    const good = vi.fn(async () => new Response('{"lat":-1.29,"lon":36.82,"country_name":"Kenya"}'));
    expect(await rememberLocation('https://geo.example/json', storage, good as unknown as typeof fetch)).toEqual({
      latitude: -1.29,
      longitude: 36.82,
      country: 'Kenya',
    });
    expect(JSON.parse(storage.getItem(LOCATION_KEY)!)).toEqual({ latitude: -1.29, longitude: 36.82, country: 'Kenya' });
    expect(good).toHaveBeenCalledWith('https://geo.example/json');
  });
});
