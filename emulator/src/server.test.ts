// The HTTP surface: routes, CORS, Google's error shape with the right statuses, callers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, splitRoute, type RunningEmulator } from './server.ts';
import type { AccessRequest } from './rules/contract.ts';
import { compileRules, RulesCoverage } from './rules/index.ts';

const ROOT = 'projects/demo-http/databases/(default)/documents';
let emu: RunningEmulator;
const seen: AccessRequest[] = [];

beforeAll(async () => {
  emu = await createEmulator({ port: 0 });
  emu.setAuthorizer({
    authorize: (r) => {
      seen.push(r);
      return r.path.startsWith('secret/') ? { allowed: false } : { allowed: true };
    },
  });
});
afterAll(() => emu.close());
beforeEach(async () => {
  seen.length = 0;
  await fetch(`${emu.url}/emulator/v1/projects/demo-http/databases/(default)/documents`, { method: 'DELETE' });
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${emu.url}${path}`, {
    method: init.json === undefined ? init.method : 'POST',
    ...init,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
const post = (method: string, json: unknown, headers: Record<string, string> = {}) =>
  call(`/v1/${ROOT}:${method}`, { json, headers: { 'Content-Type': 'text/plain', ...headers } });
const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
/** An ID token as the Auth emulator issues it for `project`, valid for the next hour. */
const idToken = (claims: Record<string, unknown>, project = 'demo-http') => {
  const iat = Math.floor(Date.now() / 1000);
  return jwt({ iss: `https://securetoken.google.com/${project}`, aud: project, iat, exp: iat + 3600, ...claims });
};

describe('routes', () => {
  it('answers the readiness probe', async () => {
    const res = await call('/');
    expect(await res.text()).toBe('Ok');
  });

  it('commits, gets, lists, patches, creates and deletes through REST', async () => {
    expect((await post('commit', { writes: [{ update: { name: `${ROOT}/rooms/r1`, fields: { n: { integerValue: '1' } } } }] })).status).toBe(200);
    const got = await (await call(`/v1/${ROOT}/rooms/r1`)).json();
    expect(got).toMatchObject({ name: `${ROOT}/rooms/r1`, fields: { n: { integerValue: '1' } } });
    expect(got.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const patched = await (
      await call(`/v1/${ROOT}/rooms/r1?updateMask.fieldPaths=m`, { method: 'PATCH', body: JSON.stringify({ fields: { m: { stringValue: 'x' } } }) })
    ).json();
    expect(patched.fields).toEqual({ n: { integerValue: '1' }, m: { stringValue: 'x' } });

    const created = await (await call(`/v1/${ROOT}/rooms`, { method: 'POST', body: JSON.stringify({ fields: {} }) })).json();
    expect(created.name).toMatch(new RegExp(`^${ROOT.replace(/[()]/g, '\\$&')}/rooms/[A-Za-z0-9]{20}$`));
    expect(created.fields).toBeUndefined(); // no fields key for an empty document, as the REST API prints it

    const listed = await (await call(`/v1/${ROOT}/rooms?pageSize=1`)).json();
    expect(listed.documents).toHaveLength(1);
    expect(listed.nextPageToken).toBeTruthy();
    const rest = await (await call(`/v1/${ROOT}/rooms?pageSize=1&pageToken=${listed.nextPageToken}`)).json();
    expect(rest.documents).toHaveLength(1);
    expect(rest.nextPageToken).toBeUndefined();

    expect((await call(`/v1/${ROOT}/rooms/r1`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/v1/${ROOT}/rooms/r1`)).status).toBe(404);
  });

  it('decodes percent-encoded ids and splits the method at the last colon', async () => {
    expect(splitRoute('projects/p/databases/(default)/documents/a/b%3Ac:commit')).toEqual({
      resource: 'projects/p/databases/(default)/documents/a/b:c',
      method: 'commit',
    });
    await post('commit', { writes: [{ update: { name: `${ROOT}/rooms/with space`, fields: {} } }] });
    expect((await call(`/v1/${ROOT}/rooms/with%20space`)).status).toBe(200);
  });

  it('begins and rolls back transactions, lists collection ids for the owner', async () => {
    const { transaction } = await (await post('beginTransaction', {})).json();
    expect(typeof transaction).toBe('string');
    expect(await (await post('rollback', { transaction })).json()).toEqual({});
    await post('commit', { writes: [{ update: { name: `${ROOT}/a/1`, fields: {} } }, { update: { name: `${ROOT}/b/1`, fields: {} } }] });
    const ids = await (await post('listCollectionIds', {}, { Authorization: 'Bearer owner' })).json();
    expect(ids).toEqual({ collectionIds: ['a', 'b'] });
  });

  it('batchWrite applies each write on its own, with a status per write (BulkWriter)', async () => {
    const res = await post('batchWrite', {
      writes: [
        { update: { name: `${ROOT}/bulk/a`, fields: {} } },
        { update: { name: `${ROOT}/bulk/missing`, fields: {} }, currentDocument: { exists: true } },
        { update: { name: `${ROOT}/bulk/b`, fields: {} } },
      ],
    });
    const body = await res.json();
    expect(body.status.map((s: { code: number }) => s.code)).toEqual([0, 5, 0]); // OK, NOT_FOUND, OK
    expect(body.writeResults[0].updateTime).toBeTruthy();
    expect((await call(`/v1/${ROOT}/bulk/b`)).status).toBe(200);
  });

  it('lists documents that only have subcollections with showMissing', async () => {
    await post('commit', {
      writes: [{ update: { name: `${ROOT}/events/e1/sessions/s1`, fields: {} } }, { update: { name: `${ROOT}/events/e2`, fields: {} } }],
    });
    const plain = await (await call(`/v1/${ROOT}/events`)).json();
    expect(plain.documents.map((d: { name: string }) => d.name.split('/').pop())).toEqual(['e2']);
    const all = await (await call(`/v1/${ROOT}/events?showMissing=true`)).json();
    expect(all.documents).toEqual([{ name: `${ROOT}/events/e1` }, expect.objectContaining({ name: `${ROOT}/events/e2` })]);
  });

  it('clears a database with the emulator DELETE endpoint', async () => {
    await post('commit', { writes: [{ update: { name: `${ROOT}/a/1`, fields: {} } }] });
    const res = await call('/emulator/v1/projects/demo-http/databases/(default)/documents', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/v1/${ROOT}/a/1`)).status).toBe(404);
  });

  it('lists what the rules spent on each request since a sequence number, and forgets them on DELETE', async () => {
    const usage = (query = '', init: RequestInit = {}) => call(`/emulator/v1/projects/demo-http:rulesUsage${query}`, init);
    await usage('', { method: 'DELETE' });
    await post('commit', { writes: [{ update: { name: `${ROOT}/a/1`, fields: {} } }] });
    await call(`/v1/${ROOT}/a/1`);
    const { requests } = await (await usage()).json();
    expect(requests.map((r: { kind: string; caller: string }) => [r.kind, r.caller])).toEqual([
      ['commit', ''],
      ['get', ''],
    ]);
    const later = await (await usage(`?since=${requests[0].seq}`)).json();
    expect(later.requests.map((r: { kind: string }) => r.kind)).toEqual(['get']);
    expect((await usage('?since=-1')).status).toBe(400);
    await usage('', { method: 'DELETE' });
    expect((await (await usage()).json()).requests).toEqual([]);
  });

  it("serves the rules' coverage when the emulator counts it, zeroing it on DELETE", async () => {
    const res = await call('/emulator/v1/projects/demo-http:rulesCoverage');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/--rules-coverage/);

    const rulesCoverage = new RulesCoverage();
    const rules =
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /a/{id} { allow get: if id == '1'; }\n  }\n}\n";
    const counting = await createEmulator({ port: 0, authorizer: compileRules(rules, 'firestore.rules', { coverage: rulesCoverage }), rulesCoverage });
    try {
      const coverage = (init: RequestInit = {}) => fetch(`${counting.url}/emulator/v1/projects/any:rulesCoverage`, init);
      await fetch(`${counting.url}/v1/${ROOT}/a/1`);
      await fetch(`${counting.url}/v1/${ROOT}/a/2`);
      await fetch(`${counting.url}/v1/${ROOT.replace('demo-http', 'other')}/a/2`);
      expect(await (await coverage()).json()).toEqual({
        file: 'firestore.rules',
        allows: [{ line: 4, methods: ['get'], path: '/databases/{database}/documents/a/{id}', true: 1, false: 2, error: 0 }],
        functions: [],
      });
      expect((await (await coverage({ method: 'DELETE' })).json()).allows[0]).toMatchObject({ true: 0, false: 0 });
    } finally {
      await counting.close();
    }
  });

  it('reports the hottest documents of a project, and forgets them on DELETE', async () => {
    await call('/emulator/v1/projects/demo-http:hotspots', { method: 'DELETE' });
    for (let i = 0; i < 3; i++) await post('commit', { writes: [{ update: { name: `${ROOT}/counters/c`, fields: { n: { integerValue: String(i) } } } }] });
    await post('commit', { writes: [{ update: { name: `${ROOT}/a/1`, fields: {} } }] });
    const report = await (await call('/emulator/v1/projects/demo-http:hotspots?top=1')).json();
    expect(report).toEqual({ windowSeconds: 10, documents: [{ name: `${ROOT}/counters/c`, writes: 3, peakWindowWrites: 3, peakPerSecond: 0.3 }] });
    expect((await call('/emulator/v1/projects/demo-http:hotspots?top=0')).status).toBe(400);
    await call('/emulator/v1/projects/demo-http:hotspots', { method: 'DELETE' });
    expect((await (await call('/emulator/v1/projects/demo-http:hotspots')).json()).documents).toEqual([]);
  });
});

describe('errors in Google JSON', () => {
  const expectError = async (res: Response, code: number, status: string, message?: RegExp) => {
    expect(res.status).toBe(code);
    const body = await res.json();
    expect(body.error).toMatchObject({ code, status });
    if (message) expect(body.error.message).toMatch(message);
  };

  it('INVALID_ARGUMENT (400) for bad JSON, bad names and bad values', async () => {
    await expectError(await call(`/v1/${ROOT}:commit`, { method: 'POST', body: '{nope' }), 400, 'INVALID_ARGUMENT', /Invalid JSON/);
    await expectError(await post('commit', { writes: [{ update: { name: `${ROOT}/odd`, fields: {} } }] }), 400, 'INVALID_ARGUMENT', /even number of segments/);
    await expectError(
      await post('commit', { writes: [{ update: { name: `${ROOT}/a/b`, fields: { x: { integerValue: 'x' } } } }] }),
      400,
      'INVALID_ARGUMENT',
      /integerValue/,
    );
  });

  it('NOT_FOUND (404), ALREADY_EXISTS (409), FAILED_PRECONDITION (400)', async () => {
    await expectError(
      await post('commit', { writes: [{ update: { name: `${ROOT}/a/b`, fields: {} }, currentDocument: { exists: true } }] }),
      404,
      'NOT_FOUND',
      /No document to update/,
    );
    await post('commit', { writes: [{ update: { name: `${ROOT}/a/b`, fields: {} } }] });
    await expectError(
      await post('commit', { writes: [{ update: { name: `${ROOT}/a/b`, fields: {} }, currentDocument: { exists: false } }] }),
      409,
      'ALREADY_EXISTS',
    );
    await expectError(
      await post('commit', { writes: [{ update: { name: `${ROOT}/a/b`, fields: {} }, currentDocument: { updateTime: '2001-01-01T00:00:00Z' } }] }),
      400,
      'FAILED_PRECONDITION',
      /stored version/,
    );
  });

  it('PERMISSION_DENIED (403) with the Cloud Firestore message', async () => {
    await expectError(await post('batchGet', { documents: [`${ROOT}/secret/x`] }), 403, 'PERMISSION_DENIED', /^Missing or insufficient permissions\./);
  });

  it('UNAUTHENTICATED (401) with the Cloud Firestore message for a malformed, expired or foreign token', async () => {
    const message =
      /^Request had invalid authentication credentials\. Expected OAuth 2 access token, login cookie or other valid authentication credential\. See https:\/\/developers\.google\.com\/identity\/sign-in\/web\/devconsole-project\. \(/;
    await expectError(await post('batchGet', { documents: [] }, { Authorization: 'Bearer not-a-jwt' }), 401, 'UNAUTHENTICATED', message);
    const expired = idToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 1 });
    await expectError(await post('batchGet', { documents: [] }, { Authorization: `Bearer ${expired}` }), 401, 'UNAUTHENTICATED', /expired/);
    // The project is the one in the request's path.
    const foreign = idToken({ sub: 'u1' }, 'another-project');
    await expectError(await post('batchGet', { documents: [] }, { Authorization: `Bearer ${foreign}` }), 401, 'UNAUTHENTICATED', /not the project "demo-http"/);
    const own = idToken({ sub: 'u1' }, 'another-project');
    expect(
      (
        await call(`/v1/projects/another-project/databases/(default)/documents:batchGet`, {
          json: { documents: [] },
          headers: { Authorization: `Bearer ${own}` },
        })
      ).status,
    ).toBe(200);
    await expectError(await call(`/v1/${ROOT}/a/b`, { headers: { Authorization: `Bearer ${foreign}` } }), 401, 'UNAUTHENTICATED');
    await expectError(await post('batchGet', { documents: [] }, { Authorization: `Bearer ${idToken({ user_id: 'u1' })}` }), 401, 'UNAUTHENTICATED', /subject/);
  });

  it('INVALID_ARGUMENT for an oversized request, UNIMPLEMENTED for unknown methods, NOT_FOUND elsewhere', async () => {
    await expectError(
      await call(`/v1/${ROOT}:commit`, { method: 'POST', body: 'x'.repeat(10 * 1024 * 1024 + 1) }),
      400,
      'INVALID_ARGUMENT',
      /payload size exceeds the limit/,
    );
    await expectError(await post('listen', {}), 501, 'UNIMPLEMENTED');
    await expectError(await call('/v2/nothing'), 404, 'NOT_FOUND');
  });
});

describe('callers', () => {
  it('no header is anonymous; an ID token becomes auth with its claims; owner skips the rules', async () => {
    await post('batchGet', { documents: [`${ROOT}/a/b`] });
    expect(seen.at(-1)!.auth).toBeNull();
    await post(
      'batchGet',
      { documents: [`${ROOT}/a/b`] },
      { Authorization: `Bearer ${idToken({ sub: 'u1', user_id: 'u1', email: 'ann@example.org', firebase: { sign_in_provider: 'password' } })}` },
    );
    expect(seen.at(-1)!.auth).toMatchObject({
      uid: 'u1',
      token: { sub: 'u1', user_id: 'u1', aud: 'demo-http', email: 'ann@example.org', firebase: { sign_in_provider: 'password' } },
    });
    const before = seen.length;
    expect((await post('batchGet', { documents: [`${ROOT}/secret/x`] }, { Authorization: 'Bearer owner' })).status).toBe(200);
    expect(seen.length).toBe(before);
  });
});

describe('CORS', () => {
  it('answers preflights, allowing the headers the SDK sends (Authorization is not covered by "*")', async () => {
    const res = await call(`/v1/${ROOT}:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client,x-firebase-gmpid',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-goog-api-client,x-firebase-gmpid');
  });

  it('puts CORS headers on answers and on errors', async () => {
    const ok = await post('batchGet', { documents: [] }, { Origin: 'http://localhost:5173' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const denied = await post('batchGet', { documents: [`${ROOT}/secret/x`] }, { Origin: 'http://localhost:5173' });
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

describe('the database clock (emulator endpoints)', () => {
  // Its own emulator: an advance cannot be undone, and the other tests run on the wall clock.
  let clocked: RunningEmulator;
  const requests: AccessRequest[] = [];
  const DB = 'projects/demo-clock/databases/(default)/documents';
  const HOURS_73 = 73 * 3600;
  beforeAll(async () => {
    clocked = await createEmulator({ port: 0 });
    clocked.setAuthorizer({
      authorize: (r) => {
        requests.push(r);
        return { allowed: true };
      },
    });
  });
  afterAll(() => clocked.close());

  const at = (path: string, init: RequestInit = {}) => fetch(`${clocked.url}${path}`, init);
  const advance = (body: string) => at('/emulator/v1/projects/demo-clock/clock:advance', { method: 'POST', body });
  const clock = async () => (await at('/emulator/v1/projects/demo-clock/clock')).json();
  const rpc = async (method: string, json: unknown, headers: Record<string, string> = {}) =>
    at(`/v1/${DB}:${method}`, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: JSON.stringify(json) });
  const ms = (rfc3339: string) => Date.parse(rfc3339);
  /** An ID token for demo-clock, valid by the wall clock for the next hour. */
  const token = (exp = Math.floor(Date.now() / 1000) + 3600) =>
    jwt({ sub: 'u1', aud: 'demo-clock', iss: 'https://securetoken.google.com/demo-clock', iat: exp - 3600, exp });

  it('starts on the wall clock, moves forward by what is asked, and the advances add up', async () => {
    const start = await clock();
    expect(start.offsetSeconds).toBe(0);
    expect(Math.abs(ms(start.now) - Date.now())).toBeLessThan(1000);

    const res = await advance(JSON.stringify({ seconds: HOURS_73 }));
    expect(res.status).toBe(200);
    const moved = await res.json();
    expect(moved.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(moved.offsetSeconds).toBe(HOURS_73);
    expect(Math.abs(ms(moved.now) - Date.now() - HOURS_73 * 1000)).toBeLessThan(1000);

    const again = await (await advance('{"seconds": 0.5}')).json();
    expect(again.offsetSeconds).toBe(HOURS_73 + 0.5);
    expect((await clock()).offsetSeconds).toBe(HOURS_73 + 0.5);
    expect(ms((await clock()).now)).toBeGreaterThanOrEqual(ms(again.now));
  });

  it('commit times, server timestamps, request.time and read times all follow it', async () => {
    const { now } = await clock();
    const name = `${DB}/holds/h1`;
    const res = await rpc('commit', {
      writes: [{ update: { name, fields: {} }, updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }] }],
    });
    expect(res.status).toBe(200);
    const { commitTime } = await res.json();
    expect(commitTime >= now).toBe(true);
    expect(ms(commitTime) - Date.now()).toBeGreaterThan(HOURS_73 * 1000 - 1000);
    const create = requests.at(-1)!;
    expect(create.method).toBe('create');
    expect(create.time).toEqual({ seconds: Math.floor(ms(commitTime) / 1000), nanos: Number(commitTime.slice(20, 26)) * 1000 });

    const [read] = await (await rpc('batchGet', { documents: [name] })).json();
    expect(read.found.fields.at).toEqual({ timestampValue: commitTime });
    expect(read.found.updateTime).toBe(commitTime);
    expect(read.readTime >= commitTime).toBe(true);
    expect(requests.at(-1)!.method).toBe('get');
    expect(requests.at(-1)!.time.seconds).toBeGreaterThanOrEqual(create.time.seconds);
  });

  it('refuses to go back, to stand still, non-numbers and absurd amounts with 400, changing nothing', async () => {
    const before = (await clock()).offsetSeconds;
    const cases: Array<[string, RegExp]> = [
      ['{"seconds": -3600}', /only moves forward/],
      ['{"seconds": 0}', /only moves forward/],
      ['{"seconds": 1e400}', /finite/],
      ['{"seconds": 400000000}', /at most 315576000 \(10 years\)/],
      ['{"seconds": 1e-9}', /at least a microsecond/],
      ['{"seconds": "3600"}', /\{"seconds": <positive number>\}/],
      ['{}', /\{"seconds": <positive number>\}/],
      ['', /\{"seconds": <positive number>\}/],
      ['[3600]', /JSON object/],
    ];
    for (const [body, message] of cases) {
      const res = await advance(body);
      expect(res.status, body).toBe(400);
      const { error } = await res.json();
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(message);
    }
    expect((await clock()).offsetSeconds).toBe(before);
    expect((await at('/emulator/v1/projects/demo-clock/clock:advance')).status).toBe(404); // GET
    expect((await at('/emulator/v1/projects/demo-clock/clock', { method: 'POST', body: '{"seconds": 1}' })).status).toBe(404);
  });

  it('checks ID tokens against the wall clock, not the advanced one', async () => {
    expect((await clock()).offsetSeconds).toBeGreaterThan(3600);
    // Valid for another hour by the wall clock: accepted although database time is 73 h ahead.
    const ok = await rpc('batchGet', { documents: [`${DB}/holds/h1`] }, { Authorization: `Bearer ${token()}` });
    expect(ok.status).toBe(200);
    expect(requests.at(-1)!.auth).toMatchObject({ uid: 'u1' });
    // Expired by the wall clock: refused, as before any advance.
    const expired = await rpc('batchGet', { documents: [`${DB}/holds/h1`] }, { Authorization: `Bearer ${token(Math.floor(Date.now() / 1000) - 1)}` });
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.message).toMatch(/expired/);
  });
});
