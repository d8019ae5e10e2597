import { describe, expect, it } from 'vitest';
import { bytesToBase64, textToBase64 } from './base64.ts';

describe('base64', () => {
  it('encodes bytes as Node does, across the chunk boundary', () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 7 }, (_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('encodes text as UTF-8 (accents and symbols survive)', () => {
    expect(textToBase64('Gertrude’s — Nairobi')).toBe(Buffer.from('Gertrude’s — Nairobi', 'utf8').toString('base64'));
    expect(textToBase64('')).toBe('');
  });
});
