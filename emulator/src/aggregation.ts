// Aggregations (runAggregationQuery): count (with upTo), sum and avg over a query's results.
// sum stays an integer while every operand is one and the total fits in 64 bits, as in Cloud
// Firestore; avg is always a double, and null over no numbers; non-numeric values are skipped.
//
// As in Cloud Firestore, a query with sum or avg aggregates only the documents that have every
// aggregated field (with any value, null and non-numbers included): with sum('pages') and
// avg('year'), a document without `year` counts for neither, nor for count(). Documents lacking
// a field are left out before the query's limit and offset (see `requireAggregatedFields`).
import { invalid } from './errors.ts';
import { fieldOf } from './filters.ts';
import type { ParsedQuery } from './query.ts';
import { parseFieldPath, validateFieldName } from './paths.ts';
import type { Fields, StoredDocument, Value } from './value-types.ts';
import { doubleOf, isNumber, toNumber } from './values.ts';

export interface Aggregation {
  alias: string;
  kind: 'count' | 'sum' | 'avg';
  upTo?: number;
  fieldPath?: string;
}

export const MAX_AGGREGATIONS = 5;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

export function parseAggregations(raw: unknown): Aggregation[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('An aggregation query needs at least one aggregation.');
  if (raw.length > MAX_AGGREGATIONS) throw invalid(`An aggregation query supports at most ${MAX_AGGREGATIONS} aggregations.`);
  const aliases = new Set<string>();
  return raw.map((a: Record<string, unknown>, i) => {
    const alias = typeof a?.alias === 'string' && a.alias !== '' ? a.alias : `field_${i + 1}`;
    validateFieldName(alias);
    if (aliases.has(alias)) throw invalid(`Duplicate aggregation alias "${alias}".`);
    aliases.add(alias);
    if (a.count !== undefined) {
      const raw = (a.count as { upTo?: unknown } | null)?.upTo;
      const upToRaw = raw !== null && typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
      if (upToRaw === undefined || upToRaw === null) return { alias, kind: 'count' };
      const upTo = Number(upToRaw);
      if (!Number.isInteger(upTo) || upTo <= 0) throw invalid(`count upTo must be a positive integer, got ${JSON.stringify(upToRaw)}.`);
      return { alias, kind: 'count', upTo };
    }
    for (const kind of ['sum', 'avg'] as const) {
      if (a[kind] !== undefined) {
        const fieldPath = (a[kind] as { field?: { fieldPath?: unknown } } | null)?.field?.fieldPath;
        if (typeof fieldPath !== 'string') throw invalid(`${kind} needs field.fieldPath.`);
        parseFieldPath(fieldPath);
        return { alias, kind, fieldPath };
      }
    }
    throw invalid(`Aggregation "${alias}" must be one of count, sum, avg.`);
  });
}

/** The field paths that sum and avg aggregations read, each once. */
export function aggregatedFields(aggregations: Aggregation[]): string[] {
  return [...new Set(aggregations.flatMap((a) => (a.fieldPath === undefined ? [] : [a.fieldPath])))];
}

/** Whether a document has every one of `fields` (any value). */
function hasEvery(fields: string[]): (d: StoredDocument) => boolean {
  return (d) => fields.every((f) => fieldOf(d, f) !== undefined);
}

/**
 * The query restricted to documents having every aggregated field, so that its limit and offset
 * count only those (Firestore reads them from an index of those fields). Unchanged for count alone.
 */
export function requireAggregatedFields(q: ParsedQuery, aggregations: Aggregation[]): ParsedQuery {
  const fields = aggregatedFields(aggregations);
  if (!fields.length) return q;
  const has = hasEvery(fields);
  const base = q.predicate;
  return { ...q, predicate: base ? (d) => base(d) && has(d) : has };
}

export function aggregate(aggregations: Aggregation[], all: StoredDocument[]): Fields {
  const fields = aggregatedFields(aggregations);
  const docs = fields.length ? all.filter(hasEvery(fields)) : all;
  const out: Fields = {};
  for (const a of aggregations) {
    if (a.kind === 'count') {
      out[a.alias] = { integerValue: String(a.upTo === undefined ? docs.length : Math.min(a.upTo, docs.length)) };
      continue;
    }
    const numbers: Value[] = [];
    for (const d of docs) {
      const v = fieldOf(d, a.fieldPath!);
      if (isNumber(v)) numbers.push(v!);
    }
    out[a.alias] = a.kind === 'sum' ? sum(numbers) : average(numbers);
  }
  return out;
}

function sum(numbers: Value[]): Value {
  if (numbers.every((v) => 'integerValue' in v)) {
    let total = 0n;
    for (const v of numbers) total += BigInt((v as { integerValue: string }).integerValue);
    if (total <= INT64_MAX && total >= INT64_MIN) return { integerValue: total.toString() };
  }
  return { doubleValue: doubleOf(numbers.reduce((s, v) => s + toNumber(v), 0)) };
}

function average(numbers: Value[]): Value {
  if (numbers.length === 0) return { nullValue: null };
  return { doubleValue: doubleOf(numbers.reduce((s, v) => s + toNumber(v), 0) / numbers.length) };
}
