// The author's form (react-hook-form + zod): what it holds as typed, the bounds every save must
// keep (a draft too: firestore.rules abstractFields refuses anything bigger), and the content it
// stores. What submitting asks more (a track, every part within its words…) is submitProblems'.
import { z } from 'zod';
import { ABSTRACT_BOUNDS as B, EMPTY_CONTENT, PRESENTATIONS, type AbstractContent } from '../../data/abstracts.ts';
import { lineField, paragraphField } from '../../lib/validation.ts';

const author = z.object({
  name: lineField(1, B.authorName, 'Enter the author’s name.', `A name must be at most ${B.authorName} characters.`),
  affiliation: lineField(1, B.affiliation, 'Enter the author’s institution.', `An institution must be at most ${B.affiliation} characters.`),
});

const part = (label: string) => paragraphField(0, B.part, '', `${label} must be at most ${B.part.toLocaleString('en')} characters.`);

export const abstractFormSchema = z.object({
  title: lineField(0, B.title, '', `The title must be at most ${B.title} characters.`),
  authors: z.array(author).max(B.authors, `At most ${B.authors} authors.`),
  /** The presenting author's index as the radio buttons hold it ('' while none is chosen). */
  presenting: z.string(),
  track: z.string().max(40),
  presentation: z.enum(PRESENTATIONS),
  background: part('The background'),
  methods: part('The methods'),
  results: part('The results'),
  conclusions: part('The conclusions'),
  keywords: lineField(0, B.keywords, '', `Keywords must be at most ${B.keywords} characters together.`),
  conflicts: paragraphField(0, B.conflicts, '', `Conflicts of interest must be at most ${B.conflicts} characters.`),
  consent: z.boolean(),
});

export type AbstractFormValues = z.input<typeof abstractFormSchema>;

const text = z.string();
/** The form's values whatever their bounds (what a tab kept of an unfinished form: over a limit is still the author's text). */
export const formShape: z.ZodType<AbstractFormValues> = z.object({
  title: text,
  authors: z.array(z.object({ name: text, affiliation: text })),
  presenting: text,
  track: text,
  presentation: z.enum(PRESENTATIONS),
  background: text,
  methods: text,
  results: text,
  conclusions: text,
  keywords: text,
  conflicts: text,
  consent: z.boolean(),
});

/** The form's values for stored content (or an empty form with one author row to fill). */
export function formValues(content: AbstractContent | null): AbstractFormValues {
  const c = content ?? EMPTY_CONTENT;
  return {
    title: c.title,
    authors: c.authors.length ? c.authors.map((name, i) => ({ name, affiliation: c.affiliations[i] ?? '' })) : [{ name: '', affiliation: '' }],
    presenting: c.presenting >= 0 ? String(c.presenting) : '',
    track: c.track,
    presentation: c.presentation,
    background: c.background,
    methods: c.methods,
    results: c.results,
    conclusions: c.conclusions,
    keywords: c.keywords,
    conflicts: c.conflicts,
    consent: c.consent,
  };
}

/** The content stored for checked values (trimmed by the schema). */
export function contentOf(values: z.output<typeof abstractFormSchema>): AbstractContent {
  const { authors, presenting, ...rest } = values;
  const index = presenting === '' ? -1 : Number(presenting);
  return {
    ...rest,
    authors: authors.map((a) => a.name),
    affiliations: authors.map((a) => a.affiliation),
    presenting: Number.isInteger(index) && index < authors.length ? index : -1,
  };
}
