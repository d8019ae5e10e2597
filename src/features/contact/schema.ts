import { z } from 'zod';
import { emailField, lineField, paragraphField } from '../../lib/validation.ts';
import { MESSAGE_STATUSES } from '../../data/statuses.ts';

export const contactFormSchema = z.object({
  name: lineField(1, 120, 'Enter your name.', 'Your name must be at most 120 characters.'),
  email: emailField(),
  subject: lineField(1, 200, 'Enter a subject.', 'The subject must be at most 200 characters.'),
  message: paragraphField(1, 5000, 'Enter your message.', 'The message must be at most 5000 characters.'),
});

export type ContactForm = z.infer<typeof contactFormSchema>;

/** A message as stored, over its whole life (staff read it). The demo seed is checked against it. */
export const messageDocumentSchema = contactFormSchema.extend({ status: z.enum(MESSAGE_STATUSES) });
export type MessageDocument = z.infer<typeof messageDocumentSchema>;

export function messageDocument(form: ContactForm): MessageDocument {
  return { ...contactFormSchema.parse(form), status: 'unread' };
}
