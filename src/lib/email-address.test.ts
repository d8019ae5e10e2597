import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mailboxOf, maskedEmail, PLUS_TAG_PATTERN } from './email-address.ts';

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

describe('one mailbox, one person', () => {
  it.each([
    ['x+2@example.org', 'x@example.org'],
    ['X+Summit.2027@Example.ORG', 'x@example.org'],
    [' kate@example.org ', 'kate@example.org'],
    ['first.last+a+b@example.org', 'first.last@example.org'],
    // Dots are another provider's business: kept.
    ['first.last@gmail.com', 'first.last@gmail.com'],
    ['x-2@example.org', 'x-2@example.org'],
  ])('%s is the mailbox %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  it('uses the pattern firestore.rules’ mailbox() uses', () => {
    const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    expect(rules).toContain(`return e.replace('${PLUS_TAG_PATTERN}', '@');`);
  });
});
