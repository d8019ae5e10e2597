import { describe, expect, it } from 'vitest';
import { applyWrites, parseWrites } from './commit.ts';
import { parseResourceName } from './paths.ts';
import type { StoredDocument, Value } from './value-types.ts';

const db = parseResourceName('projects/p/databases/(default)/documents');
const name = (path: string) => `projects/p/databases/(default)/documents/${path}`;
const T0 = '2027-01-01T00:00:00Z';
const NOW = '2027-03-01T09:00:00.123Z';
const int = (n: number): Value => ({ integerValue: String(n) });

function state(docs: Record<string, Record<string, Value>>) {
  const map = new Map<string, StoredDocument>(
    Object.entries(docs).map(([path, fields]) => [path, { name: name(path), fields, createTime: T0, updateTime: T0 }]),
  );
  return (path: string) => map.get(path) ?? null;
}
const commit = (writes: unknown[], lookup = state({})) => applyWrites(parseWrites(writes, db), lookup, NOW);

describe('applying writes', () => {
  it('an update without a mask replaces the document; with a mask it touches only the listed paths', () => {
    const lookup = state({ 'c/a': { keep: int(1), nested: { mapValue: { fields: { x: int(1), y: int(2) } } }, gone: int(3) } });
    const replaced = commit([{ update: { name: name('c/a'), fields: { only: int(9) } } }], lookup);
    expect(replaced.after.get('c/a')!.fields).toEqual({ only: int(9) });
    const patched = commit(
      [
        {
          update: { name: name('c/a'), fields: { nested: { mapValue: { fields: { x: int(10) } } }, added: int(4) } },
          updateMask: { fieldPaths: ['nested.x', 'added', 'gone'] },
        },
      ],
      lookup,
    );
    expect(patched.after.get('c/a')!.fields).toEqual({ keep: int(1), nested: { mapValue: { fields: { x: int(10), y: int(2) } } }, added: int(4) });
    expect(patched.after.get('c/a')!.createTime).toBe(T0);
    expect(patched.after.get('c/a')!.updateTime).toBe(NOW);
  });

  it('applies transforms after the update and reports their results', () => {
    const out = commit([
      {
        update: { name: name('c/a'), fields: { n: int(1) } },
        updateTransforms: [
          { fieldPath: 'n', increment: int(2) },
          { fieldPath: 'at', setToServerValue: 'REQUEST_TIME' },
        ],
      },
    ]);
    expect(out.after.get('c/a')!.fields).toEqual({ n: int(3), at: { timestampValue: NOW } });
    expect(out.writeResults).toEqual([{ updateTime: NOW, transformResults: [int(3), { timestampValue: NOW }] }]);
  });

  it('supports the older transform write, deletes and verify', () => {
    const lookup = state({ 'c/a': { n: int(1) }, 'c/b': { n: int(1) } });
    const out = commit(
      [
        { transform: { document: name('c/a'), fieldTransforms: [{ fieldPath: 'n', increment: int(1) }] } },
        { delete: name('c/b') },
        { verify: name('c/a'), currentDocument: { exists: true } },
      ],
      lookup,
    );
    expect(out.after.get('c/a')!.fields).toEqual({ n: int(2) });
    expect(out.changes.get('c/b')).toBeNull();
    expect(out.accesses.map((a) => `${a.method} ${a.path}`)).toEqual(['update c/a', 'delete c/b']);
  });

  it('later writes see earlier ones; the rules get one access per document, by final state', () => {
    const out = commit([
      { update: { name: name('c/new'), fields: { n: int(1) } }, currentDocument: { exists: false } },
      { update: { name: name('c/new'), fields: { m: int(2) } }, updateMask: { fieldPaths: ['m'] }, currentDocument: { exists: true } },
    ]);
    expect(out.after.get('c/new')!.fields).toEqual({ n: int(1), m: int(2) });
    expect(out.accesses).toHaveLength(1);
    expect(out.accesses[0]).toMatchObject({ method: 'create', path: 'c/new', before: null });
  });

  it('a write that changes nothing keeps the update time and is not a change', () => {
    const lookup = state({ 'c/a': { n: int(1) } });
    const out = commit([{ update: { name: name('c/a'), fields: { n: int(1) } } }], lookup);
    expect(out.writeResults[0].updateTime).toBe(T0);
    expect(out.changes.size).toBe(0);
    expect(out.accesses[0].method).toBe('update');
    // 1.0 is not the stored 1: a change.
    expect(commit([{ update: { name: name('c/a'), fields: { n: { doubleValue: 1 } } } }], lookup).changes.size).toBe(1);
  });
});

describe('preconditions', () => {
  const lookup = state({ 'c/a': { n: int(1) } });
  const fails = (writes: unknown[], status: string, message: RegExp) =>
    expect(() => commit(writes, lookup)).toThrow(expect.objectContaining({ status, message: expect.stringMatching(message) }));

  it('exists: true on a missing document is NOT_FOUND "No document to update"', () => {
    fails(
      [{ update: { name: name('c/missing'), fields: {} }, currentDocument: { exists: true } }],
      'NOT_FOUND',
      /^No document to update: projects\/p\/databases\/\(default\)\/documents\/c\/missing$/,
    );
  });

  it('exists: false on an existing document is ALREADY_EXISTS', () => {
    fails([{ update: { name: name('c/a'), fields: {} }, currentDocument: { exists: false } }], 'ALREADY_EXISTS', /^Document already exists: /);
  });

  it('a stale or missing updateTime is FAILED_PRECONDITION with both versions in microseconds', () => {
    fails(
      [{ update: { name: name('c/a'), fields: {} }, currentDocument: { updateTime: '2026-12-31T00:00:00Z' } }],
      'FAILED_PRECONDITION',
      /the stored version \(1798761600000000\) does not match the required base version \(1798675200000000\)/,
    );
    fails([{ delete: name('c/missing'), currentDocument: { updateTime: T0 } }], 'FAILED_PRECONDITION', /stored version \(0\)/);
    expect(() => commit([{ update: { name: name('c/a'), fields: {} }, currentDocument: { updateTime: '2027-01-01T00:00:00.000000Z' } }], lookup)).not.toThrow();
  });

  it('one failing write fails the whole commit', () => {
    fails(
      [{ update: { name: name('c/b'), fields: {} } }, { delete: name('c/missing'), currentDocument: { exists: true } }],
      'NOT_FOUND',
      /No document to delete/,
    );
  });
});

describe('validation', () => {
  it.each([
    ['a collection as a document', [{ update: { name: name('c'), fields: {} } }], /even number of segments/],
    ['another database', [{ delete: 'projects/other/databases/(default)/documents/c/a' }], /not in the database/],
    ['two operations in one write', [{ delete: name('c/a'), verify: name('c/a') }], /exactly one/],
    ['both preconditions', [{ delete: name('c/a'), currentDocument: { exists: true, updateTime: T0 } }], /not both/],
    ['a reserved field', [{ update: { name: name('c/a'), fields: { __x__: int(1) } } }], /reserved/],
    ['an unquoted ~ in a mask', [{ update: { name: name('c/a'), fields: {} }, updateMask: { fieldPaths: ['a~b'] } }], /quoted/],
    ['a mask on a delete', [{ delete: name('c/a'), updateMask: { fieldPaths: ['a'] } }], /cannot have an update mask/],
  ])('refuses %s', (_label, writes, message) => {
    expect(() => parseWrites(writes, db)).toThrow(expect.objectContaining({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }));
  });

  it('refuses a document over 1 MiB by its computed size, and accepts one just under', () => {
    // name c/big: 2 + 4 + 16 = 22; field "s": 2; string: n + 1; + 32 → n + 57
    const fits = 1_048_576 - 57;
    expect(() => commit([{ update: { name: name('c/big'), fields: { s: { stringValue: 'x'.repeat(fits) } } } }])).not.toThrow();
    expect(() => commit([{ update: { name: name('c/big'), fields: { s: { stringValue: 'x'.repeat(fits + 1) } } } }])).toThrow(
      "Document 'projects/p/databases/(default)/documents/c/big' cannot be written because its size (1,048,577 bytes) exceeds the maximum allowed size of 1,048,576 bytes.",
    );
  });
});
