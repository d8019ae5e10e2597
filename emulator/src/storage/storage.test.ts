import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dirs.ts';
import { projectOfBucket, storageCaller } from './access.ts';
import { crc32c } from './crc32c.ts';
import { parseRange } from './download.ts';
import { listObjects } from './listing.ts';
import { parseMultipart } from './multipart.ts';
import { newObject, patched, resourceJson, TOKENS_KEY } from './object-metadata.ts';
import { ObjectStore } from './object-store.ts';

const at = new Date('2027-05-07T06:00:00.000Z');
const object = (name: string, body = 'x') => newObject('b', name, Buffer.from(body), {}, at);

describe('checksums and ranges', () => {
  it('crc32c is the Castagnoli CRC, big-endian base64', () => {
    expect(Buffer.from(crc32c(Buffer.from('123456789')), 'base64').readUInt32BE()).toBe(0xe3069283);
  });

  it.each([
    ['bytes=0-9', [0, 9]],
    ['bytes=5-', [5, 99]],
    ['bytes=-10', [90, 99]],
    ['bytes=0-1000', [0, 99]],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=0-1,5-6', null],
    [undefined, null],
  ])('Range %s of 100 bytes → %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('listing', () => {
  const names = ['a/1', 'a/2', 'a/sub/3', 'a/sub/4', 'a/t/5', 'b/6'].map((n) => object(n));
  it('folds deeper names into prefixes and pages by the last entry given', () => {
    const page = (pageToken: string | null) => listObjects(names, { bucket: 'b', prefix: 'a/', delimiter: '/', maxResults: 2, pageToken });
    const first = page(null);
    expect(first).toMatchObject({ items: [{ name: 'a/1' }, { name: 'a/2' }], prefixes: [] });
    const second = page(first.nextPageToken!);
    expect(second).toMatchObject({ items: [], prefixes: ['a/sub/', 'a/t/'] });
    expect(second.nextPageToken).toBeUndefined();
    expect(listObjects(names, { bucket: 'b', prefix: '', delimiter: '', maxResults: 1000, pageToken: null }).items).toHaveLength(6);
  });
});

describe('metadata', () => {
  it('parses the SDK multipart body', () => {
    const body = Buffer.from(
      '--XX\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"contentType":"text/plain"}\r\n--XX\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XX--',
    );
    expect(parseMultipart('multipart/related; boundary=XX', body)).toEqual({
      metadata: { contentType: 'text/plain' },
      contentType: 'text/plain',
      bytes: Buffer.from('hello'),
    });
    expect(() => parseMultipart('multipart/related', body)).toThrow(/boundary/);
  });

  it('a PATCH merges custom metadata, removes nulls, replaces or revokes the download tokens', () => {
    const o = newObject('b', 'n', Buffer.from('x'), { metadata: { a: '1', b: '2' } }, at);
    expect(o.downloadTokens).toHaveLength(1);
    const next = patched(o, { contentType: 'text/plain', metadata: { a: null, c: '3', [TOKENS_KEY]: 't1, t2' } }, at);
    expect(next).toMatchObject({ contentType: 'text/plain', metadata: { b: '2', c: '3' }, downloadTokens: ['t1', 't2'], metageneration: '2' });
    expect(resourceJson(patched(next, { metadata: { [TOKENS_KEY]: '' } }, at)).downloadTokens).toBe('');
    expect(patched(next, { metadata: null }, at).metadata).toEqual({});
    expect(() => patched(o, { metadata: { a: 1 } }, at)).toThrow(/metadata.a must be a string/);
  });
});

describe('callers', () => {
  it('maps default buckets to their project and reads the Firebase token scheme', () => {
    expect(projectOfBucket('demo-nci-summit.appspot.com')).toBe('demo-nci-summit');
    expect(projectOfBucket('p.firebasestorage.app')).toBe('p');
    expect(projectOfBucket('my-bucket')).toBe('my-bucket');
    expect(storageCaller('Firebase owner', 'p.appspot.com')).toEqual({ kind: 'owner' });
    expect(storageCaller(undefined, 'p.appspot.com')).toEqual({ kind: 'anonymous' });
    expect(() => storageCaller('Firebase nope', 'p.appspot.com')).toThrow(/not a JWT/);
  });
});

describe('object store', () => {
  it('recovers committed objects and removes what no commit finished', async () => {
    const dir = tempDir('object-store-');
    const store = ObjectStore.open(dir);
    await store.put(object('a.txt', 'one'), Buffer.from('one'));
    await store.put(object('a.txt', 'two'), Buffer.from('two'));
    await store.put(object('gone.txt'), Buffer.from('x'));
    await store.delete('b', 'gone.txt');
    await store.close();
    // What a kill -9 mid-write leaves: a temporary metadata file and a blob nothing names.
    writeFileSync(join(dir, 'meta', 'k.json.123.tmp'), '{');
    writeFileSync(join(dir, 'blobs', 'orphan.1'), 'torn');
    const again = ObjectStore.open(dir);
    expect(again.list('b', '').map((o) => o.name)).toEqual(['a.txt']);
    expect(again.get('b', 'a.txt')!.size).toBe(3);
    expect(readdirSync(join(dir, 'blobs'))).toHaveLength(1);
    expect(readdirSync(join(dir, 'meta'))).toHaveLength(1);
    await again.close();
    const fresh = ObjectStore.open(dir, true);
    expect(fresh.list('b', '')).toEqual([]);
    await fresh.close();
    expect(existsSync(dir)).toBe(true);
  });
});
