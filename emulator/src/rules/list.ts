// Lists: "rules are not filters". Cloud Firestore allows a query only when it can prove, from the
// query itself, that every document the query could return satisfies the list rule. We
// approximate that with two checks; either one denies.
//
// 1. The query-constrained document. The rule is evaluated once against "any document the query
//    could return": its data holds only the fields the query pins down with `==` (a partial
//    map), and its id is unknown unless the query pins `__name__`. Reading anything else —
//    another field, keys(), size(), the id, the whole map — is an evaluation error, hence a deny
//    unless `||`/`&&` let another operand decide. So a condition that requires
//    `resource.data.published == true` (directly, through functions, inside a conjunction)
//    passes only for a query with `where('published', '==', true)`; `isStaff() || …` passes
//    for staff whatever the query. This is what keeps an empty collection, or one whose current
//    documents all happen to match, from being a loophole.
// 2. Every candidate. The rule is evaluated against each document the query matches (ignoring
//    limit and offset), which catches what (1) cannot see, such as an int rule on a float field.
//
// Known gaps: only `==` constraints count (Firestore also reasons about `in`, `<` …, so it
// allows some queries this denies); for a collection-group query the document is matched as if
// the group's collection sat directly under the query's parent.
import type { AccessDecision, AccessRequest, DocumentSnapshotForRules } from './contract.ts';
import type { Value } from '../value-types.ts';
import { documentValue } from './evaluator.ts';
import type { Target } from './target.ts';
import { fromFields, fromValue, referencePath, RMap, RPath, RUnknown, splitFieldPath, type RValue } from './values.ts';

/** Stands for the id of each document a query returns. Ids like `__x__` are reserved, so no real one. */
export const QUERY_RESULT_ID = '__query_result__';

/** `{published: true, 'address.city': 'Nairobi'}` → a partial map {published: true, address: {city: …, …}, …}. */
export function queryConstrainedData(equalities: Record<string, Value>): RMap {
  type Node = Map<string, RValue | Node>;
  const root: Node = new Map();
  for (const [fieldPath, value] of Object.entries(equalities)) {
    if (fieldPath === '__name__') continue;
    const path = splitFieldPath(fieldPath);
    let node = root;
    let ok = true;
    for (const segment of path.slice(0, -1)) {
      const next = node.get(segment);
      if (next === undefined) node.set(segment, (node = new Map()));
      else if (next instanceof Map) node = next;
      else {
        ok = false; // a == on the parent fixes it already
        break;
      }
    }
    if (ok) node.set(path[path.length - 1], fromValue(value));
  }
  const build = (node: Node): RMap => new RMap(new Map([...node].map(([k, v]) => [k, v instanceof Map ? build(v) : v])), true);
  return build(root);
}

function constrainedTarget(request: AccessRequest, equalities: Record<string, Value>): Target {
  const data = queryConstrainedData(equalities);
  const name = equalities.__name__;
  // A query on documentId() == 'x' determines the id (and so the path) as well.
  if (name && 'referenceValue' in name) {
    const path = referencePath(name.referenceValue).segments.slice(3).join('/');
    if (path.slice(0, path.lastIndexOf('/')) === request.path) {
      const full = new RPath(['databases', request.database, 'documents', ...path.split('/')]);
      return {
        path,
        resource: documentValue(path, data, request.database),
        requestResource: null,
        requestPath: full,
        display: `/${path} (as constrained by the query)`,
      };
    }
  }
  const path = `${request.path}/${QUERY_RESULT_ID}`;
  const resource = RMap.of({
    data,
    id: new RUnknown('resource.id (the id of each document the query returns)'),
    __name__: new RUnknown('resource.__name__ (the path of each document the query returns)'),
  });
  return {
    path,
    resource,
    requestResource: null,
    requestPath: new RUnknown('request.path (the path of each document the query returns)'),
    unknownSegment: QUERY_RESULT_ID,
    display: `/${request.path}/{any document the query could return}`,
  };
}

function candidateTarget(request: AccessRequest, doc: DocumentSnapshotForRules): Target {
  return {
    path: doc.path,
    resource: documentValue(doc.path, fromFields(doc.data), request.database),
    requestResource: null,
    requestPath: new RPath(['databases', request.database, 'documents', ...doc.path.split('/')]),
  };
}

/** `decide(target, constrained)`: constrained is true for the query-constrained document, false for a candidate. */
export function authorizeList(request: AccessRequest, decide: (t: Target, constrained: boolean) => AccessDecision): AccessDecision {
  const query = request.query ?? { equalities: {}, candidates: [] };
  const constrained = decide(constrainedTarget(request, query.equalities), true);
  if (!constrained.allowed) {
    return {
      allowed: false,
      reason: `rules are not filters: the query on /${request.path} is not limited to documents the rules allow (add the where() clauses the list rule requires): ${constrained.reason}`,
    };
  }
  for (const doc of query.candidates) {
    const d = decide(candidateTarget(request, doc), false);
    if (!d.allowed) return { allowed: false, reason: `the query on /${request.path} could return /${doc.path}, which the rules deny: ${d.reason}` };
  }
  return { allowed: true };
}
