// Zod building blocks for the content editors' schemas. Each reads what the form holds (strings
// from inputs, tiptap JSON from the rich-text editor) and gives what is stored (trimmed strings,
// Dates, numbers), with messages that say what to type.
import { z } from 'zod';
import { plainText, safeUrl } from '../../components/RichText.tsx';
import { withWebScheme } from '../../lib/validation.ts';
import { fromNairobiDateTime, fromNairobiDeadlineDate } from '../../lib/nairobi-time.ts';

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** A required line or paragraph of text. */
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${lower(label)}.`)
    .max(max, `The ${lower(label)} must be at most ${max} characters.`);

/** Text that may be left empty (stored as ''). */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${lower(label)} must be at most ${max} characters.`);

/** A web address (http or https; also mailto: where `mailto` is allowed), as the public pages link it. */
export const addressField = (label: string, { required = true, mailto = false } = {}) =>
  z
    .string()
    .transform(withWebScheme) // a bare domain means https://
    .pipe(
      z
        .string()
        .max(2000, `The ${lower(label)} must be at most 2000 characters.`)
        .refine((text) => (text === '' ? !required : safeUrl(text, { images: !mailto }) !== null), {
          message: required
            ? `Enter the ${lower(label)}, like www.example.org or https://….`
            : `Leave the ${lower(label)} empty or enter it, like www.example.org or https://….`,
        }),
    );

/** One of a fixed set of values (a <select>). */
export const choiceField = <T extends string>(label: string, values: readonly [T, ...T[]]) => z.enum(values, { error: `Choose the ${lower(label)}.` });

/** A value from a list known only at run time (e.g. the partner tiers in settings). */
export const pickedText = (label: string) => z.string().min(1, `Choose the ${lower(label)}.`);

/** A Nairobi date and time from <input type="datetime-local">, stored as a Date. */
export const dateTimeField = (label: string) =>
  z.string().transform((text, ctx) => {
    const date = fromNairobiDateTime(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${lower(label)} (date and time).` });
      return z.NEVER;
    }
    return date;
  });

/** An optional calendar day from <input type="date">: the end of that day in Nairobi, or null. */
export const optionalDateField = (label: string) =>
  z.string().transform((text, ctx) => {
    if (text === '') return null;
    const date = fromNairobiDeadlineDate(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${lower(label)} as a date, or leave it empty.` });
      return z.NEVER;
    }
    return date;
  });

/** A whole number typed into <input type="number"> (the form holds it as text); '' is null when not required. */
export function wholeNumberField(label: string, min: number, max: number, options: { required: false }): z.ZodType<number | null, string>;
export function wholeNumberField(label: string, min: number, max: number, options?: { required: true }): z.ZodType<number, string>;
export function wholeNumberField(label: string, min: number, max: number, { required = true } = {}): z.ZodType<number | null, string> {
  return z.string().transform((input, ctx) => {
    const text = input.trim();
    if (text === '' && !required) return null;
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${lower(label)} as a whole number from ${min} to ${max}${required ? '' : ', or leave it empty'}.` });
      return z.NEVER;
    }
    return n;
  });
}

/** A tiptap document; `required` means it must hold some text or an image. */
export const richTextField = (label: string, { required = true } = {}) =>
  z
    .custom<{ type: 'doc'; content?: unknown[] }>((doc) => !!doc && typeof doc === 'object' && (doc as { type?: unknown }).type === 'doc', {
      message: `The ${lower(label)} could not be read. Reload the page and try again.`,
    })
    .refine((doc) => !required || plainText(doc).length > 0 || JSON.stringify(doc).includes('"type":"image"'), {
      message: `Write the ${lower(label)}.`,
    });

/** Named links, e.g. a tender's documents: each needs a name and a web address. */
export const linkListField = (max = 20) =>
  z
    .array(
      z.object({
        name: requiredText('Document name', 200),
        url: addressField('Document address'),
      }),
    )
    .max(max, `At most ${max} documents.`);

/** Ids chosen from a list (e.g. the speakers of a session). */
export const idListField = (max = 30) => z.array(z.string().min(1)).max(max, `Choose at most ${max}.`);

/** A URL part: lower-case letters, digits, hyphens and underscores, as SPEC's slugify makes. */
export const slugField = () =>
  z
    .string()
    .trim()
    .min(1, 'Enter the address (slug).')
    .max(160, 'The address (slug) must be at most 160 characters.')
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use only lower-case letters, digits, hyphens and underscores, starting with a letter or digit.');

/** For `.refine(...endsAfterStart)` on a schema with startsAt and endsAt Dates. */
export const endsAfterStart: [check: (v: { startsAt: Date; endsAt: Date }) => boolean, issue: { path: string[]; message: string }] = [
  (v) => v.endsAt > v.startsAt,
  { path: ['endsAt'], message: 'The end must be after the start.' },
];

/** Shown on the public site or kept as a draft. */
export const publishedField = () => z.boolean();
