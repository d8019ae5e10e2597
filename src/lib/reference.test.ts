import { describe, expect, it } from 'vitest';
import { checkoutReference, newReference, readTypedReference, referenceCandidates, REFERENCE_LENGTH } from './reference.ts';

describe('references people type back', () => {
  it('are 16 characters of the unambiguous alphabet, and differ', () => {
    const refs = Array.from({ length: 200 }, () => newReference());
    for (const r of refs) expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(refs).size).toBe(200);
  });

  it('use every symbol of the alphabet (each byte’s low five bits)', () => {
    const all = Array.from({ length: 32 }, (_, i) => i);
    expect(newReference(() => Uint8Array.from([...all.slice(0, 16)]))).toBe('0123456789ABCDEF');
    expect(newReference(() => Uint8Array.from(all.slice(16).map((n) => n + 224)))).toBe('GHJKMNPQRSTVWXYZ');
  });

  it('read back whatever a phone keyboard made of them', () => {
    const ref = 'K7M2Q9V0XR1TZ3A8';
    for (const typed of ['k7m2q9v0xr1tz3a8', ' K7M2 Q9V0 XR1T Z3A8 ', 'K7M2-Q9VO-XRlT-Z3A8', 'k7m2q9vOxrIt z3a8']) expect(readTypedReference(typed)).toBe(ref);
    expect(referenceCandidates('k7m2 q9vo xrlt z3a8')[0]).toBe(ref);
  });

  it('still find references made before this format, as typed', () => {
    expect(referenceCandidates(' demo-registration-1 ')).toEqual(['demo-registration-1']);
    expect(referenceCandidates('Xb3kP9qLm2Rt7VwZ4yNc')).toEqual(['Xb3kP9qLm2Rt7VwZ4yNc']);
    // Something that reads as a reference and was also typed otherwise: both are tried.
    expect(referenceCandidates('k7m2q9v0xr1tz3a8')).toEqual(['K7M2Q9V0XR1TZ3A8', 'k7m2q9v0xr1tz3a8']);
    expect(referenceCandidates('   ')).toEqual([]);
    expect(REFERENCE_LENGTH).toBe(16);
  });
});

describe('what reads as a reference', () => {
  it.each([
    ['a character outside the alphabet', 'k7m2q9v0xr1tz3a!'],
    ['a U (not in the alphabet)', 'K7M2Q9V0XR1TZ3AU'],
    ['one character short', 'K7M2Q9V0XR1TZ3A'],
    ['one character long', 'K7M2Q9V0XR1TZ3A88'],
  ])('not something with %s: it is looked up as typed only', (_, typed) => {
    expect(referenceCandidates(typed)).toEqual([typed]);
  });

  it('tries a reference typed exactly once', () => {
    expect(referenceCandidates('K7M2Q9V0XR1TZ3A8')).toEqual(['K7M2Q9V0XR1TZ3A8']);
  });

  it('reads runs of spaces, tabs and hyphens away', () => {
    expect(readTypedReference('K7M2 -- Q9V0\tXR1T\n\nZ3A8')).toBe('K7M2Q9V0XR1TZ3A8');
  });
});

describe('what checkout opens for a typed reference', () => {
  it('reads a reference back, keeps an older id as typed, and refuses what names no record', () => {
    const ref = newReference();
    expect(checkoutReference(` ${ref.toLowerCase().slice(0, 8)}-${ref.slice(8)} `)).toBe(ref);
    expect(checkoutReference('demo-registration-1')).toBe('demo-registration-1');
    expect(checkoutReference('abc')).toBeNull();
    expect(checkoutReference('../admin')).toBeNull();
    expect(checkoutReference('my reference')).toBeNull();
    expect(checkoutReference('')).toBeNull();
  });
});
