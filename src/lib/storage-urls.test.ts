import { describe, expect, it } from 'vitest';
import { fileUrl, objectNameFromUrl, smallImageUrl } from './storage-urls.ts';

const CLOUD = { bucket: 'nci-summit.appspot.com', emulatorHost: null };
const LOCAL = { bucket: 'demo-nci-summit.appspot.com', emulatorHost: '127.0.0.1:9199' };
const NAME = 'content/speakers/s1/abcdefghij0123456789-960.webp';

describe('file addresses', () => {
  it('are Cloud Storage’s public media addresses, the name encoded', () => {
    expect(fileUrl(NAME, CLOUD)).toBe(
      'https://firebasestorage.googleapis.com/v0/b/nci-summit.appspot.com/o/content%2Fspeakers%2Fs1%2Fabcdefghij0123456789-960.webp?alt=media',
    );
    expect(fileUrl(NAME, LOCAL)).toBe(
      'http://127.0.0.1:9199/v0/b/demo-nci-summit.appspot.com/o/content%2Fspeakers%2Fs1%2Fabcdefghij0123456789-960.webp?alt=media',
    );
  });

  it('give their object’s name back; any other address gives none', () => {
    expect(objectNameFromUrl(fileUrl(NAME, CLOUD), CLOUD)).toBe(NAME);
    expect(objectNameFromUrl(fileUrl(NAME, LOCAL), LOCAL)).toBe(NAME);
    expect(objectNameFromUrl(fileUrl(NAME, LOCAL), CLOUD)).toBeNull();
    expect(objectNameFromUrl(fileUrl(NAME, { ...CLOUD, bucket: 'other' }), CLOUD)).toBeNull();
    expect(objectNameFromUrl('https://example.org/photo.jpg', CLOUD)).toBeNull();
    expect(objectNameFromUrl(`${fileUrl(NAME, CLOUD)}&token=x`, CLOUD)).toBeNull();
  });

  it('derive the 320 image from a 960 one of ours, and nothing from foreign or other addresses', () => {
    expect(smallImageUrl(fileUrl(NAME, CLOUD), CLOUD)).toBe(fileUrl(NAME.replace('-960.webp', '-320.webp'), CLOUD));
    expect(smallImageUrl('https://example.org/a-960.webp', CLOUD)).toBeUndefined();
    expect(smallImageUrl(fileUrl('settings/cpd/abcdefghij0123456789-orig.png', CLOUD), CLOUD)).toBeUndefined();
    expect(smallImageUrl(undefined, CLOUD)).toBeUndefined();
  });
});
