// Field validators shared by every form, with messages that say what to type.
import { z } from 'zod';

export const emailField = () =>
  z.string().trim().max(254, 'Email must be at most 254 characters.').email('Enter a valid email address, like name@example.org.');

export const phoneField = () =>
  z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number with 7 to 20 digits, like +254 700 000 000.');
