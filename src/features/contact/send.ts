// What sending a contact message needs and reading the page does not: the form's validation (zod)
// and the write. Loaded when the visitor starts on the form (ContactPage.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { messageMail } from '../../data/mail.ts';
import { submitAsVisitor } from '../../data/visitor-submit.ts';
import { createWrite } from '../../lib/db.ts';
import { contactFormSchema, messageDocument, type ContactForm } from './schema.ts';

export const contactResolver = zodResolver(contactFormSchema);

/** Stores the message as `messages/{id}` with its email to the organisers, in one commit. */
export function sendMessage(id: string, form: ContactForm) {
  const message = messageDocument(form);
  return submitAsVisitor('messages', id, [createWrite('messages', id, message), messageMail(id, message)]);
}
