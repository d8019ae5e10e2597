// Cloud Storage rules (`service firebase.storage`): loading, decisions, `resource` and
// `request.resource`, cross-service reads and their limit, list matching.
import { describe, expect, it } from 'vitest';
import type { Fields } from '../value-types.ts';
import { compileRules, compileStorageRules } from './compile.ts';
import { instantFromDate } from './contract.ts';
import { RulesSyntaxError, RulesUnsupportedError } from './errors.ts';
import { tighterLimits } from './limits.ts';
import type { StorageAccessRequest, StorageObjectForRules } from './storage-contract.ts';
import { fields, NOW, user, wrap } from './test-support.ts';

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function signedIn() { return request.auth != null; }
    function isStaff() {
      return signedIn() && firestore.get(/databases/(default)/documents/staff/$(request.auth.token.email)).data.role == 'admin';
    }
    function isImage() {
      return request.resource.contentType.matches('image/(jpeg|png|webp)') && request.resource.size < 5 * 1024 * 1024;
    }

    match /public/{path=**} {
      allow read;
      allow create, update: if isStaff() && isImage();
      allow delete: if isStaff();
    }

    match /speakers/{speaker}/{file} {
      allow get: if signedIn();
      allow list: if signedIn() && firestore.exists(/databases/(default)/documents/speakers/$(speaker));
      allow create: if request.auth.uid == speaker && isImage() && request.resource.metadata.consent == 'yes';
      allow update: if request.auth.uid == speaker && resource.metadata.locked != 'true';
    }
  }
}
`;

const object = (name: string, o: Partial<StorageObjectForRules> = {}): StorageObjectForRules => ({
  bucket: 'summit.appspot.com',
  name,
  size: 1000,
  contentType: 'image/webp',
  md5Hash: 'md5',
  crc32c: 'crc',
  etag: 'etag',
  generation: '1700000000000001',
  metageneration: '1',
  timeCreated: instantFromDate(new Date('2027-05-01T00:00:00Z')),
  updated: instantFromDate(new Date('2027-05-02T00:00:00Z')),
  metadata: {},
  ...o,
});

interface Init extends Partial<Omit<StorageAccessRequest, 'firestore'>> {
  docs?: Record<string, Record<string, unknown>>;
  lookups?: string[];
}

function req(init: Init = {}): StorageAccessRequest {
  const { docs = {}, lookups, ...rest } = init;
  return {
    method: 'get',
    bucket: 'summit.appspot.com',
    path: 'public/a.webp',
    auth: null,
    time: instantFromDate(NOW),
    resource: null,
    requestResource: null,
    ...rest,
    firestore: {
      database: '(default)',
      lookup: (p: string): Fields | null => {
        lookups?.push(p);
        return docs[p] ? fields(docs[p]) : null;
      },
    },
  };
}

const quiet = { debug: () => undefined };
const rules = compileStorageRules(RULES, 'storage.rules', quiet);
const decide = (init: Init) => rules.authorize(req(init));
const allowed = (init: Init) => decide(init).allowed;

const staff = { 'staff/ann@x.org': { role: 'admin' } };
const ann = user({ email: 'ann@x.org' }, 'ann');

/** Decides `allow <methods>: if <condition>` on /b/{bucket}/o/x/{id}. */
function holdsOn(condition: string, init: Init = {}, methods = 'read, write') {
  const src = `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /x/{id} { allow ${methods}: if ${condition}; }\n  }\n}\n`;
  return compileStorageRules(src, 'storage.rules', quiet).authorize(req({ path: 'x/f.png', ...init }));
}

describe('Cloud Storage rules: loading', () => {
  it('compiles a realistic storage.rules and refuses one for the other service, both ways', () => {
    expect(() => compileStorageRules(RULES)).not.toThrow();
    const firestoreFile = wrap('match /a/{id} { allow read; }');
    const e = (() => {
      try {
        compileStorageRules(firestoreFile);
      } catch (error) {
        return error as RulesSyntaxError;
      }
      throw new Error('accepted');
    })();
    expect(e).toBeInstanceOf(RulesUnsupportedError);
    expect(e.message).toBe(
      "storage.rules:2:9: service 'cloud.firestore' where 'firebase.storage' rules were expected (load cloud.firestore rules with compileRules / loadRulesAuthorizer)",
    );
    expect(() => compileRules(RULES)).toThrow(/^firestore\.rules:2:9: service 'firebase\.storage' where 'cloud\.firestore' rules were expected/);
  });

  it("refuses Firestore's own get()/exists()/getAfter() in storage.rules, and firestore.get() in firestore.rules, at their position", () => {
    const storage = (cond: string) =>
      `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /x/{id} { allow read: if ${cond}; }\n  }\n}\n`;
    expect(() => compileStorageRules(storage('get(/databases/(default)/documents/a/b) != null'))).toThrow(
      /^storage\.rules:4:36: get\(\) is a Cloud Firestore rules function, not available in Cloud Storage rules: read Firestore with firestore\.get\(\) or firestore\.exists\(\)$/,
    );
    expect(() => compileStorageRules(storage('exists(/databases/(default)/documents/a/b)'))).toThrow(/exists\(\) is a Cloud Firestore rules function/);
    expect(() => compileStorageRules(storage('getAfter(/databases/(default)/documents/a/b) != null'))).toThrow(
      /getAfter\(\) is a Cloud Firestore rules function/,
    );
    expect(() => compileStorageRules(storage('firestore.getAfter(/databases/(default)/documents/a/b) != null'))).toThrow(
      /unknown function 'firestore\.getAfter' \(supported: get, exists\)/,
    );
    expect(() => compileStorageRules(storage('firestore.get(/a/b, 1) != null'))).toThrow(/firestore\.get\(\) takes 1 argument, not 2/);
    expect(() => compileStorageRules(storage('firestore != null'))).toThrow(/'firestore' is a namespace: call one of its functions, such as firestore\.get/);

    const firestore = (cond: string) => wrap(`match /a/{id} { allow read: if ${cond}; }`);
    expect(() => compileRules(firestore('firestore.get(/databases/(default)/documents/a/b) != null'))).toThrow(
      /^firestore\.rules:4:41: firestore\.get\(\) is available in Cloud Storage rules only \(service firebase\.storage\); Cloud Firestore rules read documents with get\(\) and exists\(\)$/,
    );
    expect(() => compileRules(firestore('firestore.exists(/databases/(default)/documents/a/b)'))).toThrow(
      /firestore\.exists\(\) is available in Cloud Storage rules only/,
    );
    expect(() => compileRules(firestore('firestore == null'))).toThrow(/firestore is available in Cloud Storage rules only/);
  });

  it('reports syntax errors with the file, line and column', () => {
    const broken = `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /x/{id} { allow read: if true }\n  }\n}\n`;
    expect(() => compileStorageRules(broken)).toThrow(/^storage\.rules:4:41: expected ';' but found '}'$/);
    expect(() => compileStorageRules(broken, 'config/storage.rules')).toThrow(/^config\/storage\.rules:4:41:/);
    expect(() => compileStorageRules("rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o { allow reed; }\n}")).toThrow(
      /^storage\.rules:3:31: unknown method 'reed'/,
    );
  });
});

describe('Cloud Storage rules: decisions', () => {
  it('lets anyone read public objects (get and list) and only staff write them', () => {
    expect(allowed({ method: 'get', path: 'public/speakers/abc/photo-960.webp' })).toBe(true);
    expect(allowed({ method: 'list', path: 'public/speakers/abc' })).toBe(true);
    const write = { path: 'public/speakers/abc/photo-960.webp', requestResource: object('public/speakers/abc/photo-960.webp') };
    expect(allowed({ method: 'create', ...write })).toBe(false);
    expect(allowed({ method: 'create', ...write, auth: user({ email: 'bob@x.org' }, 'bob') })).toBe(false);
    expect(allowed({ method: 'create', ...write, auth: ann, docs: staff })).toBe(true);
    expect(allowed({ method: 'update', ...write, auth: ann, docs: staff, resource: object(write.path) })).toBe(true);
    expect(allowed({ method: 'delete', path: write.path, resource: object(write.path), auth: ann, docs: staff })).toBe(true);
    expect(allowed({ method: 'delete', path: write.path, resource: object(write.path), auth: ann, docs: { 'staff/ann@x.org': { role: 'viewer' } } })).toBe(
      false,
    );
  });

  it('decides a write on the staff document it reads from Firestore, through request.firestore.lookup', () => {
    const lookups: string[] = [];
    const d = decide({ method: 'create', path: 'public/a.webp', requestResource: object('public/a.webp'), auth: ann, docs: staff, lookups });
    expect(d.allowed).toBe(true);
    expect(lookups).toEqual(['staff/ann@x.org']);
    expect(d.usage?.reads).toEqual(['get:staff/ann@x.org']);
  });

  it('checks size and contentType of request.resource', () => {
    const create = (o: Partial<StorageObjectForRules>) =>
      allowed({ method: 'create', path: 'public/a', requestResource: object('public/a', o), auth: ann, docs: staff });
    expect(create({ contentType: 'image/png', size: 5 * 1024 * 1024 - 1 })).toBe(true);
    expect(create({ contentType: 'image/png', size: 5 * 1024 * 1024 })).toBe(false);
    expect(create({ contentType: 'application/pdf' })).toBe(false);
    expect(create({ contentType: 'image/gif' })).toBe(false);
  });

  it('reads custom metadata of request.resource and resource, denying on a missing key', () => {
    const path = 'speakers/u1/photo.webp';
    const me = user({}, 'u1');
    const create = (metadata: Record<string, string>) => decide({ method: 'create', path, auth: me, requestResource: object(path, { metadata }) });
    expect(create({ consent: 'yes' }).allowed).toBe(true);
    expect(create({ consent: 'no' }).allowed).toBe(false);
    expect(create({}).reason).toMatch(/evaluation error at L\d+:\d+ \(Property consent is undefined on object\.\) for 'create'/);
    const update = (metadata: Record<string, string>) =>
      allowed({ method: 'update', path, auth: me, resource: object(path, { metadata }), requestResource: object(path) });
    expect(update({ locked: 'false' })).toBe(true);
    expect(update({ locked: 'true' })).toBe(false);
    expect(allowed({ method: 'create', path, auth: user({}, 'u2'), requestResource: object(path, { metadata: { consent: 'yes' } }) })).toBe(false);
  });

  it('gives each method its own allow statements: read = get + list, write = create + update + delete', () => {
    const path = 'speakers/u1/photo.webp';
    expect(allowed({ method: 'get', path, auth: user() })).toBe(true);
    expect(allowed({ method: 'get', path })).toBe(false);
    expect(allowed({ method: 'delete', path, auth: user({}, 'u1'), resource: object(path) })).toBe(false);
    expect(decide({ method: 'delete', path, auth: user({}, 'u1'), resource: object(path) }).reason).toBe(
      "'delete' on /b/summit.appspot.com/o/speakers/u1/photo.webp: no allow statement matches",
    );
    for (const method of ['get', 'list', 'create', 'update', 'delete'] as const) {
      const path = method === 'list' ? 'x' : 'x/f.png';
      expect(holdsOn('true', { method, path }, 'read').allowed).toBe(method === 'get' || method === 'list');
      expect(holdsOn('true', { method, path }, 'write').allowed).toBe(method !== 'get' && method !== 'list');
    }
  });

  it('binds the bucket wildcard, single wildcards and {x=**} paths, and gives request.path, request.method and request.time', () => {
    const src = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{rest=**} {
      allow get: if bucket == 'summit.appspot.com' && uid == 'u1' && rest == path('a/b/c.png') && rest[2] == 'c.png'
        && request.path == /b/summit.appspot.com/o/users/u1/a/b/c.png && request.method == 'get'
        && request.time == timestamp.value(${NOW.getTime()});
    }
  }
}
`;
    const r = compileStorageRules(src, 'storage.rules', quiet);
    expect(r.authorize(req({ path: 'users/u1/a/b/c.png' })).allowed).toBe(true);
    expect(r.authorize(req({ path: 'users/u2/a/b/c.png' })).allowed).toBe(false);
    expect(r.authorize(req({ path: 'users/u1/a/b/c.png', bucket: 'other' })).allowed).toBe(false);
  });

  it('gives resource every field of the object, with ints and timestamps, and errors on an absent optional field', () => {
    const o = object('x/f.png', { contentLanguage: 'en', cacheControl: 'no-cache', metadata: { k: 'v' } });
    const ok = (cond: string) => holdsOn(cond, { resource: o }).allowed;
    expect(ok("resource.name == 'x/f.png' && resource.bucket == 'summit.appspot.com'")).toBe(true);
    expect(ok('resource.size == 1000 && resource.size is int')).toBe(true);
    expect(ok("resource.md5Hash == 'md5' && resource.crc32c == 'crc' && resource.etag == 'etag'")).toBe(true);
    expect(ok('resource.generation == 1700000000000001 && resource.metageneration == 1')).toBe(true);
    expect(ok('resource.timeCreated == timestamp.date(2027, 5, 1) && resource.updated > resource.timeCreated')).toBe(true);
    expect(ok("resource.contentLanguage == 'en' && resource.cacheControl == 'no-cache' && resource.metadata == {'k': 'v'}")).toBe(true);
    const missing = holdsOn("resource.contentDisposition == 'inline'", { resource: o });
    expect(missing.allowed).toBe(false);
    expect(missing.reason).toMatch(/Property contentDisposition is undefined on object\./);
    expect(holdsOn("resource.contentDisposition == 'inline'", { resource: object('x/f.png', { contentDisposition: 'inline' }) }).allowed).toBe(true);
    // No stored object: resource is null; no request.resource for a delete.
    expect(holdsOn('resource == null && request.resource == null', { method: 'delete' }).allowed).toBe(true);
  });

  it('answers firestore.exists and firestore.get of a missing document (false, null)', () => {
    expect(holdsOn('!firestore.exists(/databases/(default)/documents/staff/nobody)').allowed).toBe(true);
    expect(holdsOn('firestore.get(/databases/(default)/documents/staff/nobody) == null').allowed).toBe(true);
    const d = holdsOn(
      "firestore.get(/databases/(default)/documents/staff/ann).data.role == 'admin' && firestore.get(/databases/(default)/documents/staff/ann).id == 'ann'",
      {
        docs: { 'staff/ann': { role: 'admin' } },
      },
    );
    expect(d.allowed).toBe(true);
    expect(d.usage?.reads).toEqual(['get:staff/ann']);
    expect(holdsOn('firestore.exists(/databases/other/documents/staff/ann)').reason).toMatch(
      /firestore\.exists\(\): rules can only read documents of database '\(default\)'/,
    );
    expect(holdsOn('firestore.get(/databases/(default)/documents/staff) != null').reason).toMatch(/firestore\.get\(\): '.*' is not a document path/);
  });
});

describe('Cloud Storage rules: limits', () => {
  const reads = (n: number) => Array.from({ length: n }, (_, i) => `firestore.exists(/databases/(default)/documents/staff/s${i})`).join(' || ') + ' || true';

  it('allows 2 distinct Firestore documents per request and denies the whole request at the third, naming the limit', () => {
    expect(holdsOn(reads(2)).allowed).toBe(true);
    // The same document again is cached and does not count.
    expect(holdsOn(`${reads(2)} || firestore.get(/databases/(default)/documents/staff/s0) != null`).allowed).toBe(true);
    const over = holdsOn(reads(3));
    expect(over.allowed).toBe(false);
    expect(over.limit).toBe('Firestore document access calls per Cloud Storage request');
    expect(over.reason).toBe(
      "rules limit (Firestore document access calls per Cloud Storage request): 'get' on /b/summit.appspot.com/o/x/f.png needs more than 2 document access calls (firestore.get, firestore.exists) for one operation (reading get:staff/s2 after get:staff/s0, get:staff/s1)",
    );
    expect(over.usage?.reads).toEqual(['get:staff/s0', 'get:staff/s1']);
  });

  it('applies the expression and call-depth limits of the rules language, and a tighter project margin', () => {
    const long = Array.from({ length: 600 }, () => '1 == 2').join(' || ');
    const over = holdsOn(long);
    expect(over.limit).toBe('expressions evaluated per request');
    expect(over.reason).toMatch(
      /^rules limit \(expressions evaluated per request\): 'get' on \/b\/summit\.appspot\.com\/o\/x\/f\.png evaluates more than 1000 expressions/,
    );
    const deep = `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${Array.from({ length: 22 }, (_, i) => `    function f${i}() { return ${i === 21 ? 'true' : `f${i + 1}()`}; }`).join('\n')}\n    match /x/{id} { allow read: if f0(); }\n  }\n}\n`;
    const d = compileStorageRules(deep, 'storage.rules', quiet).authorize(req({ path: 'x/f.png' }));
    expect(d.limit).toBe('function call depth');
    const margin = compileStorageRules(RULES, 'storage.rules', { ...quiet, limits: tighterLimits({ readsPerOperation: 1, expressionsPerOperation: 900 }) });
    const tight = (margin as unknown as { limits: unknown }).limits;
    expect(tight).toEqual({ readsPerOperation: 1, readsPerSingleRequest: 2, readsPerMultiRequest: 2, expressionsPerOperation: 900, callDepth: 20 });
  });
});

describe('Cloud Storage rules: list', () => {
  const listRules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /photos/{file} { allow list: if file == '' && request.path == /b/$(bucket)/o/photos/$(file); }
    match /docs/{all=**} { allow list: if all[0] == 'a' && all[1] == ''; }
    match /exact { allow list; }
    match /{root} { allow list: if root == '' && request.auth != null; }
  }
}
`;
  const r = compileStorageRules(listRules, 'storage.rules', quiet);
  const list = (path: string, init: Init = {}) => r.authorize(req({ method: 'list', path, ...init }));

  it('matches a list of prefix P as the objects directly under it (P/{file}, with {file} bound to the empty segment)', () => {
    expect(list('photos').allowed).toBe(true);
    // The prefix itself is not an object under the rule: /exact does not grant a list of 'exact'.
    expect(list('exact').allowed).toBe(false);
    expect(list('exact').reason).toBe("'list' on /b/summit.appspot.com/o/exact: no allow statement matches");
    // A deeper prefix is not under /photos/{file}.
    expect(list('photos/2027').allowed).toBe(false);
    expect(list('docs/a').allowed).toBe(true);
    expect(list('docs/b').allowed).toBe(false);
  });

  it("lists the bucket's root ('') against the blocks for objects at the root", () => {
    expect(list('', { auth: user() }).allowed).toBe(true);
    expect(list('').allowed).toBe(false);
  });

  it('takes the public prefix of the realistic rules, and a speaker folder only when its Firestore document exists', () => {
    expect(allowed({ method: 'list', path: '' })).toBe(false);
    expect(allowed({ method: 'list', path: 'speakers/u1', auth: user() })).toBe(false);
    expect(allowed({ method: 'list', path: 'speakers/u1', auth: user(), docs: { 'speakers/u1': { name: 'U' } } })).toBe(true);
  });
});
