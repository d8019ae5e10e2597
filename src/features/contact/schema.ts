import { z } from 'zod';

export const contactFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(120, 'Your name must be at most 120 characters.'),
  email: z.string().trim().max(254, 'Email must be at most 254 characters.').email('Enter a valid email address, like name@example.org.'),
  subject: z.string().trim().min(1, 'Enter a subject.').max(200, 'The subject must be at most 200 characters.'),
  message: z.string().trim().min(1, 'Enter your message.').max(5000, 'The message must be at most 5000 characters.'),
});

export type ContactForm = z.infer<typeof contactFormSchema>;
export type MessageDocument = ContactForm & { status: 'unread' };

export function messageDocument(form: ContactForm): MessageDocument {
  return { ...contactFormSchema.parse(form), status: 'unread' };
}
