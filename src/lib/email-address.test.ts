import { describe, expect, it } from 'vitest';
import { maskedEmail } from './email-address.ts';

describe('an address masked for whoever holds a reference', () => {
  it.each([
    ['achieng@example.org', 'a•••@example.org'],
    ['a@example.org', 'a•••@example.org'],
    ['first.last+tag@mail.example.co.ke', 'f•••@mail.example.co.ke'],
  ])('%s reads %s', (email, masked) => {
    expect(maskedEmail(email)).toBe(masked);
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskedEmail('')).toBe('•••');
    expect(maskedEmail('@example.org')).toBe('•••');
  });
});
