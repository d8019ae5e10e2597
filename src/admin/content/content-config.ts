// One description per staff-managed collection drives its list screen and its editor (the kit in
// this folder), so eight collections share one list, one editor and one set of actions. A
// collection's config says which fields it has, how the form is validated and converted to the
// stored document (its zod schema), which columns the list shows and what each action logs.
import type { ReactNode } from 'react';
import type { Register } from 'react-router';
import type { ZodType } from 'zod';
import type { Capability } from '../permissions.ts';
import { toNairobiDate, toNairobiDateTime } from '../../lib/nairobi-time.ts';

export interface Option {
  value: string;
  label: string;
}

interface BaseField {
  /** The stored field's name, which is also the form field's. */
  name: string;
  label: string;
  hint?: string;
}

export type FieldDescriptor = BaseField &
  (
    | { kind: 'text'; inputType?: 'text' | 'url' }
    | { kind: 'textarea'; rows?: number }
    | { kind: 'number' }
    /** Options listed here, or passed to the editor under `optionsFrom` (e.g. settings' tiers). */
    | { kind: 'select'; options?: Option[]; optionsFrom?: string }
    /** Several values chosen from options passed to the editor under `optionsFrom`. */
    | { kind: 'choices'; optionsFrom: string }
    | { kind: 'datetime' }
    | { kind: 'date' }
    | { kind: 'richtext' }
    /** A list of {name, url}, e.g. a tender's documents. */
    | { kind: 'links' }
    /** Made from the `from` field by SPEC's slugify while a new document is written. */
    | { kind: 'slug'; from: string }
    | { kind: 'checkbox' }
    /** An image uploaded (stored as its 960-pixel WebP's address) or any https address pasted. */
    | { kind: 'image' }
    /** A PDF uploaded, or any address pasted. */
    | { kind: 'document' }
  );

export type ContentDocument = Record<string, unknown> & { id: string };

/** The route table's patterns, as typegen registers them (any string before it has run). */
type RoutePattern = Register extends { pages: infer Pages } ? keyof Pages & string : string;

/**
 * A collection's list route: one whose editor's routes, `${list}/add` and `${list}/:id`, exist too
 * (admin-screens.ts's contentScreens declares the three). The kit reaches them through href(), so
 * the typecheck holds a config's `path` to the route table.
 */
export type ContentListRoute = {
  [R in RoutePattern]: `${R}/add` extends RoutePattern ? (`${R}/:id` extends RoutePattern ? R : never) : never;
}[RoutePattern];

export interface ListColumn {
  header: string;
  value: (doc: ContentDocument) => string;
}

/** A change a row can make besides publishing and archiving (e.g. moving a procurement stage). */
export interface RowAction {
  label: string;
  update: Record<string, unknown>;
  log: string;
}

export interface ListFilter {
  field: string;
  label: string;
  options: Array<{ label: string; value: string | boolean }>;
}

export interface ContentConfig {
  collection: string;
  /** Singular, lower case, as logs say it: "Created event 'X'". */
  noun: string;
  /** The list screen's heading, e.g. "Events". */
  title: string;
  summary: string;
  /** The list's route, e.g. "/admin/events": its editor is at `${path}/add` and `${path}/:id`. */
  path: ContentListRoute;
  /** The field that names a document in lists, headings and logs. */
  titleField: string;
  fields: FieldDescriptor[];
  /** Form values in, stored document fields out. Includes `published` when publishable. */
  schema: ZodType;
  columns?: ListColumn[];
  /** Has a `published` flag that the public site filters on (default true). */
  publishable?: boolean;
  /** A field stamped with the server time the first time the document is published. */
  firstPublishedField?: string;
  /** Default: newest first. */
  listOrder?: [field: string, direction: 'asc' | 'desc'];
  /** Default for publishable collections: published or draft. */
  filter?: ListFilter;
  /** Titles can be searched by their beginning (a range query on `titleField`). */
  searchable?: boolean;
  /**
   * Who may change and archive: content staff (admins and editors) unless said otherwise. Who may
   * open the screens is declared with the screens (src/app/admin/admin-screens.ts).
   */
  write?: Capability;
  archive?: Capability;
  /** Where the published document is on the public site. */
  publicPath?: (doc: ContentDocument) => string | null;
  rowActions?: (doc: ContentDocument) => RowAction[];
  /** Values of a new document (beyond each field kind's empty value). */
  defaults?: Record<string, unknown>;
  /** What the public site would show for the current form values. */
  preview?: (values: Record<string, unknown>) => ReactNode;
}

export const isPublishable = (config: ContentConfig) => config.publishable !== false;

/** The capabilities a collection needs (firestore.rules: editors and admins manage content). */
export const access = (config: ContentConfig) =>
  ({ write: config.write ?? 'content', archive: config.archive ?? 'content' }) satisfies Record<string, Capability>;

export const PUBLISHED_FILTER: ListFilter = {
  field: 'published',
  label: 'Status',
  options: [
    { label: 'Published', value: true },
    { label: 'Drafts', value: false },
  ],
};

export const listFilter = (config: ContentConfig): ListFilter | null => config.filter ?? (isPublishable(config) ? PUBLISHED_FILTER : null);

export const EMPTY_RICH_TEXT = { type: 'doc', content: [{ type: 'paragraph' }] };

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Select options for fixed values, labelled by the value itself ("report" → "Report"). */
export const choiceOptions = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: capitalised(value) }));

export const nounTitle = (config: ContentConfig) => capitalised(config.noun);

export function documentTitle(config: ContentConfig, doc: Record<string, unknown>): string {
  const title = doc[config.titleField];
  return typeof title === 'string' && title.trim() ? title.trim() : `(untitled ${config.noun})`;
}

/** What a form field holds for a stored value: inputs hold text, the editor holds its JSON. */
function formValue(field: FieldDescriptor, stored: unknown): unknown {
  switch (field.kind) {
    case 'datetime':
      return toNairobiDateTime(stored);
    case 'date':
      return toNairobiDate(stored);
    case 'number':
      return typeof stored === 'number' ? String(stored) : '';
    case 'richtext':
      return stored && typeof stored === 'object' ? stored : EMPTY_RICH_TEXT;
    case 'links':
      return Array.isArray(stored) ? stored.map((l: { name?: unknown; url?: unknown }) => ({ name: String(l?.name ?? ''), url: String(l?.url ?? '') })) : [];
    case 'choices':
      return Array.isArray(stored) ? stored.filter((v) => typeof v === 'string') : [];
    case 'checkbox':
      return stored === true;
    default:
      return typeof stored === 'string' ? stored : '';
  }
}

/** Every field the editor shows: the config's, then the published flag. */
export function editorFields(config: ContentConfig): FieldDescriptor[] {
  if (!isPublishable(config)) return config.fields;
  return [
    ...config.fields,
    { name: 'published', kind: 'checkbox', label: 'Published: shown on the public site', hint: 'Leave unticked to keep it as a draft.' },
  ];
}

/** The form's values for a stored document, or for a new one when `doc` is null. */
export function formValues(config: ContentConfig, doc: Record<string, unknown> | null): Record<string, unknown> {
  const source = doc ?? config.defaults ?? {};
  return Object.fromEntries(editorFields(config).map((f) => [f.name, formValue(f, source[f.name])]));
}

/** The stored fields a save writes: on edit only those the person changed. */
export function changedData(parsed: Record<string, unknown>, dirty: Partial<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => dirty[name] !== undefined && dirty[name] !== false));
}

/** The activity-log line of a save. */
export function saveMessage(config: ContentConfig, { created, title, change }: { created: boolean; title: string; change: Record<string, unknown> }): string {
  const publishing = isPublishable(config) && 'published' in change;
  const others = Object.keys(change).filter((k) => k !== 'published' && k !== config.firstPublishedField).length > 0;
  if (created) return `Created ${config.noun} '${title}'${change.published === true ? ' (published)' : ''}`;
  if (publishing && !others) return `${change.published ? 'Published' : 'Unpublished'} '${title}'`;
  if (publishing) return `Updated and ${change.published ? 'published' : 'unpublished'} ${config.noun} '${title}'`;
  return `Updated ${config.noun} '${title}'`;
}

export const publishMessage = (publish: boolean, title: string) => `${publish ? 'Published' : 'Unpublished'} '${title}'`;

export const archiveMessage = (config: ContentConfig, title: string) => `Archived ${config.noun} '${title}'`;

/** The fields a publish or unpublish writes; `now` is the server-time sentinel. */
export function publishChange(config: ContentConfig, before: Record<string, unknown> | null, publish: boolean, now: unknown): Record<string, unknown> {
  const stamp = config.firstPublishedField;
  const first = publish && stamp && !(before && before[stamp]);
  return { published: publish, ...(first ? { [stamp]: now } : {}) };
}

export interface ListQuery {
  where: Array<[string, '==' | '>=' | '<=', unknown]>;
  orderBy: [string, 'asc' | 'desc'];
}

/** The list's query: the chosen filter, and a title search by its beginning when asked for. */
export function listQuery(config: ContentConfig, filter: string | boolean | null, search: string): ListQuery {
  const f = listFilter(config);
  const where: ListQuery['where'] = f && filter !== null ? [[f.field, '==', filter]] : [];
  const text = search.trim();
  if (config.searchable && text) {
    // Firestore has no full-text search: a range on the title finds titles that start with the text.
    where.push([config.titleField, '>=', text], [config.titleField, '<=', `${text}\uf8ff`]);
    return { where, orderBy: [config.titleField, 'asc'] };
  }
  return { where, orderBy: config.listOrder ?? ['timestamp', 'desc'] };
}
