// The registration form's checks (zod): loaded when the visitor starts on the form, not with the
// page (RegisterPage.tsx), since typing into it needs none of them.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { registrationFormSchema, type RegistrationForm } from './schema.ts';

/** The form's fields as typed, with the hidden field bots fill. */
export type RegistrationFields = RegistrationForm & { faxNumber?: string };

export const registrationResolver: Resolver<RegistrationFields> = zodResolver(registrationFormSchema);
