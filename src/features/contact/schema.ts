import { z } from 'zod';
import { emailField } from '../../lib/validation.ts';

export const contactFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(120, 'Your name must be at most 120 characters.'),
  email: emailField(),
  subject: z.string().trim().min(1, 'Enter a subject.').max(200, 'The subject must be at most 200 characters.'),
  message: z.string().trim().min(1, 'Enter your message.').max(5000, 'The message must be at most 5000 characters.'),
});

export type ContactForm = z.infer<typeof contactFormSchema>;
export type MessageDocument = ContactForm & { status: 'unread' };

export function messageDocument(form: ContactForm): MessageDocument {
  return { ...contactFormSchema.parse(form), status: 'unread' };
}
