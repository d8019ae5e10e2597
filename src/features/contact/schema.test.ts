import { describe, expect, it } from 'vitest';
import { contactFormSchema, messageDocument, type ContactForm } from './schema.ts';

const form: ContactForm = { name: 'Amina Njeri', email: 'amina@example.org', subject: 'Abstract deadline', message: 'When is it?\n\nThanks.' };

function messageFor(field: keyof ContactForm, value: string): string | undefined {
  return contactFormSchema.safeParse({ ...form, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('the contact form', () => {
  it.each([
    ['name', '', 'Enter your name.'],
    ['name', 'x'.repeat(121), 'Your name must be at most 120 characters.'],
    ['subject', ' ', 'Enter a subject.'],
    ['subject', 'x'.repeat(201), 'The subject must be at most 200 characters.'],
    ['message', '', 'Enter your message.'],
    ['message', 'x'.repeat(5001), 'The message must be at most 5000 characters.'],
    ['email', 'not an address', 'Enter a valid email address, like name@example.org.'],
  ] as const)('refuses %s = %j: “%s”', (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it.each([
    ['name', 'x'.repeat(120)],
    ['subject', 'x'.repeat(200)],
    ['message', 'x'.repeat(5000)],
  ] as const)('accepts %s at its limit', (field, value) => {
    expect(messageFor(field, value)).toBeUndefined();
  });

  it('is stored checked and trimmed, as unread', () => {
    expect(messageDocument({ ...form, name: ' Amina Njeri ' })).toEqual({ ...form, status: 'unread' });
    expect(() => messageDocument({ ...form, subject: '' })).toThrow();
  });
});
