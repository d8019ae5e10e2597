// Checks a collection's config against documents in their stored shape (tests run it on the demo
// seed): the editor must load each document and save it back unchanged, and every field it shows
// must survive validation (a field the schema does not know would be silently dropped).
import { editorFields, formValues, type ContentConfig, type FieldDescriptor } from './content-config.ts';
import { toNairobiDate } from '../../lib/nairobi-time.ts';

/** What a person can see of a stored value in the editor: datetimes to the minute, dates by day. */
function visible(field: FieldDescriptor, value: unknown): unknown {
  if (value instanceof Date) return field.kind === 'date' ? toNairobiDate(value) : Math.floor(value.getTime() / 60_000);
  return JSON.stringify(value);
}

export function roundTripProblems(config: ContentConfig, doc: Record<string, unknown>): string[] {
  const fields = editorFields(config);
  const parsed = config.schema.safeParse(formValues(config, doc));
  if (!parsed.success) return parsed.error.issues.map((i) => `${String(doc.id)}: ${i.path.join('.')}: ${i.message}`);
  const out = parsed.data as Record<string, unknown>;
  const problems: string[] = [];
  const names = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(out)) if (!names.has(key)) problems.push(`schema field ${key} has no editor field`);
  for (const field of fields) {
    if (!(field.name in out)) problems.push(`editor field ${field.name} is not in the schema's output`);
    else if (field.name in doc && visible(field, out[field.name]) !== visible(field, doc[field.name])) {
      problems.push(`${String(doc.id)}: ${field.name} would change from ${JSON.stringify(doc[field.name])} to ${JSON.stringify(out[field.name])}`);
    }
  }
  return problems;
}
