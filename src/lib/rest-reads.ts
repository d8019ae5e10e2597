// Reads anyone may make, over Firestore's REST API with plain fetch: the public site's data
// (settings, speakers, partners, sessions, published lists, an article, the free seats) without the
// SDK, which then loads only when something needs it (a write, a transaction, a signed-in read).
// Same calls, arguments and results as lib/db.ts's reads, and the same requests the SDK makes for
// them (filters, implicit orderings, cursors), so a query the indexes and rules serve for one is
// served for the other; tests/integration/rest-reads.test.ts runs both side by side.
// Requests are "simple" (no custom header, a text/plain body, as the SDK sends it): a browser then
// sends no preflight, which on a phone saves a round trip per read. With App Check on, the token's
// header makes them preflighted, as the SDK's are.
import { DEFAULT_SORT, type Cursor, type Filter, type ListOptions, type Page, type WithId } from './db.ts';
import { decodeFields, encodeValue, formatTimestamp, parseTimestamp, type RestValue } from './firestore-rest.ts';

export interface RestEndpoint {
  /** The database's documents URL (firestoreDocumentsUrl). */
  documents: string;
  /** The project's web API key; the emulator needs none. */
  apiKey?: string;
  /** The App Check token to send, when App Check is on (null: send none). */
  appCheckToken?: () => Promise<string | null>;
  fetch?: typeof fetch;
}

interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
}

type Order = [field: string, direction: 'asc' | 'desc'];

const OPERATORS: Record<string, string> = {
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  'array-contains': 'ARRAY_CONTAINS',
  in: 'IN',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
  'not-in': 'NOT_IN',
};
const INEQUALITIES = new Set(['<', '<=', '!=', '>', '>=', 'not-in']);
const ID = '__name__';

/** A Firestore failure: its status in the SDK's spelling ("permission-denied"), as query hooks and callers expect of db.ts. */
export class FirestoreRestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreRestError';
  }
}

const HTTP_CODES: Record<number, string> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  503: 'unavailable',
};

const field = (fieldPath: string) => ({ fieldPath });

/** The filters as the SDK sends them: `== null` and `== NaN` as unary filters, several joined by AND. */
function toWhere(filters: Filter[]) {
  const each = filters.map(([path, op, value]) => {
    const unary = value === null ? 'NULL' : typeof value === 'number' && Number.isNaN(value) ? 'NAN' : null;
    if (unary && (op === '==' || op === '!=')) return { unaryFilter: { field: field(path), op: `${op === '==' ? 'IS' : 'IS_NOT'}_${unary}` } };
    if (!OPERATORS[op]) throw new Error(`Unsupported filter operator ${op}`);
    return { fieldFilter: { field: field(path), op: OPERATORS[op], value: encodeValue(value) } };
  });
  if (each.length === 0) return undefined;
  return each.length === 1 ? each[0] : { compositeFilter: { op: 'AND', filters: each } };
}

/**
 * The SDK's normalised order: the explicit orderings, then inequality fields not ordered yet (by
 * name), then the document id, each in the direction of the last explicit one.
 */
function normalisedOrder(filters: Filter[], explicit: Order[]): Order[] {
  const direction = explicit.at(-1)?.[1] ?? 'asc';
  const ordered = new Set(explicit.map(([f]) => f));
  const inequalities = [...new Set(filters.filter(([, op]) => INEQUALITIES.has(op)).map(([f]) => f))].sort();
  const implicit = [...inequalities, ID].filter((f) => !ordered.has(f)).map((f): Order => [f, direction]);
  return [...explicit, ...implicit];
}

const toOrder = (orders: Order[]) =>
  orders.length ? orders.map(([f, d]) => ({ field: field(f), direction: d === 'asc' ? 'ASCENDING' : 'DESCENDING' })) : undefined;

/** A field of a document as stored ("a.b" reaches into maps), undefined when missing. */
function rawField(doc: RestDocument, path: string): RestValue | undefined {
  let value: RestValue | undefined = { mapValue: { fields: doc.fields } };
  for (const part of path.split('.')) value = value && 'mapValue' in value ? value.mapValue.fields?.[part] : undefined;
  return value;
}

/** The sort value a cursor carries: plain data, a timestamp exactly (as db.ts makes it from the SDK's Timestamp). */
function cursorValue(value: RestValue | undefined): Cursor['value'] {
  if (!value || 'nullValue' in value) return null;
  if ('timestampValue' in value) return parseTimestamp(value.timestampValue);
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value || 'doubleValue' in value) return Number(Object.values(value)[0]);
  throw new Error(`A list cannot be paged by a ${Object.keys(value)[0]} field`);
}

/** A cursor's value to send; a timestamp cut to microseconds, as the SDK sends it (Firestore keeps no finer). */
const fromCursorValue = (value: Cursor['value']): RestValue =>
  value && typeof value === 'object'
    ? { timestampValue: formatTimestamp({ seconds: value.seconds, nanoseconds: Math.floor(value.nanoseconds / 1000) * 1000 }) }
    : encodeValue(value);

const idOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);

const withId = <T>(doc: RestDocument): WithId<T> => ({ ...(decodeFields(doc.fields) as T), id: idOf(doc.name) });

export function createRestReads(endpoint: () => RestEndpoint) {
  /** The database's resource name, for references (a cursor's document id). */
  const databaseName = () => endpoint().documents.replace(/^.*\/v1\//, '');

  /** One call (`:runQuery`, `:batchGet`, …) on `parent` (a documents URL); its JSON, or a FirestoreRestError. */
  async function call<R>(parent: string, method: string, body: unknown): Promise<R> {
    const { apiKey, appCheckToken, fetch: send = fetch } = endpoint();
    const token = appCheckToken ? await appCheckToken() : null;
    const response = await send(`${parent}:${method}${apiKey ? `?key=${encodeURIComponent(apiKey)}` : ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...(token ? { 'X-Firebase-AppCheck': token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as unknown;
    // A query streams its results; an error found mid-way arrives as an element of the array.
    const failure = response.ok
      ? Array.isArray(json)
        ? json.find((r: { error?: unknown }) => r?.error)?.error
        : null
      : ((json as { error?: unknown })?.error ?? {});
    if (failure) {
      const { status, message } = failure as { status?: string; message?: string };
      const code = status ? status.toLowerCase().replace(/_/g, '-') : (HTTP_CODES[response.status] ?? 'unknown');
      throw new FirestoreRestError(
        code,
        `Firestore ${method} failed: ${response.status} ${status ?? ''} ${message ?? response.statusText}`.replace(/ +/g, ' '),
      );
    }
    return json as R;
  }

  /** The parent URL and collection id of a collection path ("archive/events/items"). */
  const target = (path: string) => {
    const cut = path.lastIndexOf('/');
    return { parent: cut < 0 ? endpoint().documents : `${endpoint().documents}/${path.slice(0, cut)}`, collectionId: path.slice(cut + 1) };
  };

  const structuredQuery = (collectionId: string, filters: Filter[], extra: Record<string, unknown>) => ({
    from: [{ collectionId }],
    ...(filters.length ? { where: toWhere(filters) } : {}),
    ...extra,
  });

  async function runQuery(name: string, filters: Filter[], explicit: Order[], extra: Record<string, unknown> = {}): Promise<RestDocument[]> {
    const { parent, collectionId } = target(name);
    const orderBy = toOrder(normalisedOrder(filters, explicit));
    const rows = await call<Array<{ document?: RestDocument }>>(parent, 'runQuery', {
      structuredQuery: structuredQuery(collectionId, filters, { ...(orderBy ? { orderBy } : {}), ...extra }),
    });
    return rows.filter((r) => r.document).map((r) => r.document!);
  }

  const explicitOrder = (options: ListOptions): Order[] => (options.orderBy === null ? [] : [options.orderBy ?? DEFAULT_SORT]);

  const fetchDocuments = async <T = Record<string, unknown>>(name: string, options: ListOptions = {}): Promise<WithId<T>[]> => {
    const docs = await runQuery(name, options.where ?? [], explicitOrder(options), options.limit === undefined ? {} : { limit: options.limit });
    return docs.map((d) => withId<T>(d));
  };

  /** One page and the next page's cursor, as db.ts's: ties broken by document id, one more read to know there is a next page. */
  const fetchPage = async <T = Record<string, unknown>>(name: string, options: ListOptions & { limit: number; after?: Cursor | null }): Promise<Page<T>> => {
    const [sortField, direction] = options.orderBy ?? DEFAULT_SORT;
    const after = options.after;
    const docs = await runQuery(
      name,
      options.where ?? [],
      [
        [sortField, direction],
        [ID, direction],
      ],
      {
        ...(after ? { startAt: { before: false, values: [fromCursorValue(after.value), { referenceValue: `${databaseName()}/${name}/${after.id}` }] } } : {}),
        limit: options.limit + 1,
      },
    );
    const items = docs.slice(0, options.limit);
    const last = items[items.length - 1];
    return {
      items: items.map((d) => withId<T>(d)),
      next: docs.length > options.limit ? { value: cursorValue(rawField(last, sortField)), id: idOf(last.name) } : null,
    };
  };

  const fetchDocument = async <T = Record<string, unknown>>(name: string, id: string): Promise<WithId<T> | null> => {
    const [result] = await call<Array<{ found?: RestDocument; missing?: string }>>(endpoint().documents, 'batchGet', {
      documents: [`${databaseName()}/${name}/${id}`],
    });
    return result?.found ? withId<T>(result.found) : null;
  };

  /** An aggregation, its results named as the SDK names them (aggregate_0, …). */
  async function aggregate(name: string, filters: Filter[], aggregations: object[]) {
    const { parent, collectionId } = target(name);
    const rows = await call<Array<{ result?: { aggregateFields?: Record<string, RestValue> } }>>(parent, 'runAggregationQuery', {
      structuredAggregationQuery: { aggregations, structuredQuery: structuredQuery(collectionId, filters, {}) },
    });
    const fields = rows.find((r) => r.result)?.result?.aggregateFields;
    if (!fields) throw new FirestoreRestError('unknown', `Firestore runAggregationQuery on ${name} returned no result`);
    return decodeFields(fields);
  }

  const fetchCount = async (name: string, filters: Filter[] = []): Promise<number> =>
    (await aggregate(name, filters, [{ alias: 'aggregate_0', count: {} }])).aggregate_0 as number;

  /** Count and sum of a numeric field over the documents matching the filters, in one aggregation. */
  const fetchSum = async (name: string, sumField: string, filters: Filter[] = []): Promise<{ count: number; sum: number }> => {
    const result = await aggregate(name, filters, [
      { alias: 'aggregate_0', sum: { field: field(sumField) } },
      { alias: 'aggregate_1', count: {} },
    ]);
    return { count: result.aggregate_1 as number, sum: (result.aggregate_0 as number | null) ?? 0 };
  };

  return { fetchDocuments, fetchPage, fetchDocument, fetchCount, fetchSum };
}

export type RestReads = ReturnType<typeof createRestReads>;
