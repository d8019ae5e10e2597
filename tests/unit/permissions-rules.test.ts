// firestore.rules read against the access table (src/admin/permissions.ts): for every operation the
// table opens to a staff tier, the rules' allow statement for it reaches (directly or through the
// functions it calls) exactly the role checks of that tier. The rules matrix
// (tests/integration/rules-matrix.test.ts) then attempts every cell against the running rules; this
// test names the line to change when the two disagree, without a stack.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCESS, OPERATIONS, ROLE_CHECK, ROLES_OF, type Operation, type Subject, type Who } from '../../src/admin/permissions.ts';
import { allowStatements, matchBlocks, ruleFunctions, functionsReached } from './rules-text.ts';

const RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const blocks = matchBlocks(RULES);
const functions = ruleFunctions(RULES);
const ROLE_CHECKS = Object.values(ROLE_CHECK) as string[];
const TIER_OF_CHECK = Object.fromEntries(Object.entries(ROLE_CHECK).map(([tier, check]) => [check, tier as Who]));

/** The match block a subject lives in: `payments (manual record)` → `/payments/{id}`, `archive/x/items` → `/archive/{collection}/items/{id}`. */
function blockOf(subject: Subject): string {
  const base = subject.replace(/ \(.*\)$/, '');
  if (base.startsWith('archive/')) return '/archive/{collection}/items/{id}';
  const [collection, document] = base.split('/');
  const path = document ? blocks.find((b) => b.path === `/${collection}/${document}`) : undefined;
  return path?.path ?? blocks.find((b) => new RegExp(`^/${collection}/\\{\\w+\\}$`).test(b.path))!.path;
}

/** The roles the role checks an operation's allow statements reach admit, together. */
function rolesReached(subject: Subject, op: Operation): string[] {
  const block = blocks.find((b) => b.path === blockOf(subject))!;
  const conditions = allowStatements(block.body)
    .filter((a) => a.operations.includes(op))
    .map((a) => a.condition);
  const checks = functionsReached(conditions.join(' || '), functions).filter((c) => ROLE_CHECKS.includes(c));
  return [...new Set(checks.flatMap((c) => ROLES_OF[TIER_OF_CHECK[c]]))].sort();
}

/**
 * Where the rules reach a role check for more roles than the table's cell, only under a condition
 * the cell does not describe (the rules matrix attempts the cell itself). Anything else wider fails.
 */
function conditionallyWider(subject: Subject, op: Operation): string | undefined {
  if (subject.startsWith('archive/')) return 'one match block serves every archived collection: mayRead and mayRemove choose the roles by collection';
  const because: Record<string, string> = {
    'create sponsors': 'finance adds the sponsor of a partner application it approves (sponsorFromApplication)',
    'delete sponsors': 'finance takes it off again when it declines that application (sponsorWithdrawn)',
    'list mail': 'staff list the mail of the records they may read (mayReadMail); listing all mail is for administrators',
  };
  return because[`${op} ${subject}`];
}

const staffCells = (Object.entries(ACCESS) as Array<[Subject, Partial<Record<Operation, Who>>]>).flatMap(([subject, row]) =>
  OPERATIONS.flatMap((op) => {
    const who = row[op];
    return who && who in ROLE_CHECK ? [{ subject, op, who }] : [];
  }),
);

describe('firestore.rules holds the access table’s staff tiers', () => {
  it('names a wider reach only where the rules really are wider', () => {
    // (The archive's one block is wider for some collections and exact for others.)
    const wider = staffCells.filter((c) => !c.subject.startsWith('archive/') && conditionallyWider(c.subject, c.op));
    expect(wider).toHaveLength(3);
    for (const { subject, op, who } of wider) expect(rolesReached(subject, op).length, `${op} ${subject}`).toBeGreaterThan(ROLES_OF[who].length);
  });

  it('finds every subject’s match block', () => {
    for (const subject of Object.keys(ACCESS) as Subject[])
      expect(
        blocks.map((b) => b.path),
        subject,
      ).toContain(blockOf(subject));
  });

  it.each(staffCells.map((c) => [`${c.op} ${c.subject}: ${c.who} (${ROLE_CHECK[c.who as keyof typeof ROLE_CHECK]})`, c] as const))(
    '%s',
    (_, { subject, op, who }) => {
      const reached = rolesReached(subject, op);
      const tier = [...ROLES_OF[who]].sort();
      expect(reached).toEqual(expect.arrayContaining(tier));
      if (!conditionallyWider(subject, op)) expect(reached).toEqual(tier);
    },
  );
});

describe('reading the rules', () => {
  const rules = `
    service cloud.firestore { match /databases/{database}/documents {
      function isAdmin() { return hasRole(['admin']); }
      function mayEdit(c) { return isAdmin() || c == '}'; }
      match /a/{id} {
        allow read: if true;
        allow create, update: if mayEdit('a') // a comment { with a brace
          && request.resource.data.x.matches('^[a-z]{3}$');
        allow delete: if false;
      }
      match /counters/b { allow write: if isAdmin(); }
    } }`;

  it('finds the blocks, skipping braces in strings and comments', () => {
    expect(matchBlocks(rules).map((b) => b.path)).toEqual(['/a/{id}', '/counters/b']);
  });

  it('expands read and write into their operations', () => {
    const [a, b] = matchBlocks(rules);
    expect(allowStatements(a.body).map((s) => s.operations)).toEqual([['get', 'list'], ['create', 'update'], ['delete']]);
    expect(allowStatements(b.body)[0].operations).toEqual(['create', 'update', 'delete']);
  });

  it('follows the functions a condition calls to the role checks they reach', () => {
    const [a] = matchBlocks(rules);
    const update = allowStatements(a.body)[1].condition;
    expect(functionsReached(update, ruleFunctions(rules))).toEqual(['mayEdit', 'isAdmin']);
  });
});
