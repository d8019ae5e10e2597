import { describe, expect, it } from 'vitest';
import { DOCUMENT_RULE, IMAGE_RULE, MiB, refusal, sizeText, sniffType } from './upload-limits.ts';

const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n%');

describe('sniffType', () => {
  it.each([
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a PNG', PNG, 'image/png'],
    ['a WebP', WEBP, 'image/webp'],
    ['a PDF', PDF, 'application/pdf'],
  ])('knows %s by its first bytes', (_, head, type) => {
    expect(sniffType(head)).toBe(type);
  });

  it.each([
    ['an HTML page renamed .png', bytes('<!doctype html><html>')],
    ['an empty file', new Uint8Array()],
    ['a PNG header cut short', PNG.slice(0, 7)],
    ['a JPEG header cut short', JPEG.slice(0, 2)],
    ['RIFF without WEBP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['RIFF cut before its form type', WEBP.slice(0, 10)],
    ['"%PDF" without its dash', bytes('%PDF1.4')],
    ['a GIF', bytes('GIF89a')],
  ])('refuses %s', (_, head) => {
    expect(sniffType(head)).toBeNull();
  });
});

describe('refusal', () => {
  it('accepts an image of an image type within the limit', () => {
    expect(refusal(IMAGE_RULE, 10 * MiB, PNG)).toBeNull();
    expect(refusal(DOCUMENT_RULE, 20 * MiB, PDF)).toBeNull();
  });

  it('says the size and the limit of a file too big', () => {
    expect(refusal(IMAGE_RULE, Math.round(12.4 * MiB), JPEG)).toBe('That file is 12.4 MB; the limit for images is 10 MB.');
    expect(refusal(IMAGE_RULE, 10 * MiB + 1, JPEG)).toBe('That file is 10 MB; the limit for images is 10 MB.');
    expect(refusal(DOCUMENT_RULE, 21 * MiB, PDF)).toBe('That file is 21 MB; the limit for documents is 20 MB.');
  });

  it('names the types it takes for a file of another type', () => {
    expect(refusal(IMAGE_RULE, 100, PDF)).toBe('That file is not a JPEG, PNG or WebP image.');
    expect(refusal(IMAGE_RULE, 100, bytes('<!doctype html>'))).toBe('That file is not a JPEG, PNG or WebP image.');
    expect(refusal(DOCUMENT_RULE, 100, PNG)).toBe('That file is not a PDF document.');
  });

  it('refuses an empty file', () => {
    expect(refusal(IMAGE_RULE, 0, new Uint8Array())).toBe('That file is empty.');
  });
});

describe('sizeText', () => {
  it('reads as people read sizes', () => {
    expect(sizeText(300 * 1024)).toBe('300 KB');
    expect(sizeText(10)).toBe('1 KB');
    expect(sizeText(1.5 * MiB)).toBe('1.5 MB');
  });
});
