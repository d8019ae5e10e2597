// A realistic policy end to end: staff roles from staff/{lower-case email} that count only for a
// verified email, public reads of published content, visitor-created registrations with an exact
// set of keys, type and size checks, and server timestamps.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AccessRequest, AuthContext } from './contract.ts';
import { compileRules } from './index.ts';
import { fields, NOW, request, toValue, type RequestInit } from './test-support.ts';

const POLICY = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function verified() { return signedIn() && request.auth.token.email_verified == true && request.auth.token.email is string; }
    function staffDoc() { return /databases/$(database)/documents/staff/$(request.auth.token.email.lower()); }
    function role() { return verified() && exists(staffDoc()) ? get(staffDoc()).data.role : ''; }
    function isStaff() { return role() in ['admin', 'editor']; }
    function isAdmin() { return role() == 'admin'; }
    function text(v, min, max) { return v is string && v.size() >= min && v.size() <= max; }

    match /publications/{id} {
      allow read: if resource.data.published == true || isStaff();
      allow create, update: if isStaff()
        && request.resource.data.keys().hasAll(['title', 'published'])
        && text(request.resource.data.title, 1, 200)
        && request.resource.data.published is bool;
      allow delete: if isAdmin();
    }

    match /registrations/{id} {
      allow create: if request.resource.data.keys().hasOnly(['id', 'fullName', 'email', 'seats', 'timestamp'])
        && request.resource.data.keys().hasAll(['id', 'fullName', 'email', 'timestamp'])
        && request.resource.data.id == id
        && text(request.resource.data.fullName, 1, 120)
        && request.resource.data.email.matches('^[^@ ]+@[^@ ]+[.][^@ ]+$')
        && request.resource.data.get('seats', 1) is int
        && request.resource.data.get('seats', 1) >= 1 && request.resource.data.get('seats', 1) <= 4
        && request.resource.data.timestamp == request.time;
      allow read, delete: if isStaff();
      allow update: if isStaff() && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['status']);
    }

    match /staff/{email} {
      allow get: if verified() && (email == request.auth.token.email.lower() || isStaff());
      allow write: if isAdmin() && email != request.auth.token.email.lower();
    }
  }
}`;

const authorizer = compileRules(POLICY, 'policy.rules');
const STAFF = { 'staff/ann@summit.test': { role: 'admin' }, 'staff/eve@summit.test': { role: 'editor' } };

const ann: AuthContext = { uid: 'ann', token: { email: 'Ann@Summit.test', email_verified: true, firebase: { sign_in_provider: 'password' } } };
const annUnverified: AuthContext = { uid: 'ann', token: { email: 'ann@summit.test', email_verified: false } };
const eve: AuthContext = { uid: 'eve', token: { email: 'eve@summit.test', email_verified: true } };
const visitor: AuthContext = { uid: 'v', token: { email: 'v@example.org', email_verified: true } };

function can(init: RequestInit & { data?: Record<string, unknown> }): boolean {
  const { data, ...rest } = init;
  const req: AccessRequest = request({ docs: STAFF, ...rest });
  if (data) req.requestResource = { path: req.path, data: fields(data) };
  return authorizer.authorize(req).allowed;
}

const registration = (over: Record<string, unknown> = {}) => ({ id: 'r1', fullName: 'Wanjiru Kamau', email: 'w@example.org', timestamp: NOW, ...over });

describe('a realistic policy', () => {
  it('counts a staff role only for a verified email, looked up in lower case', () => {
    expect(can({ method: 'delete', path: 'publications/p1', resource: { published: true }, auth: ann })).toBe(true);
    expect(can({ method: 'delete', path: 'publications/p1', resource: { published: true }, auth: annUnverified })).toBe(false);
    expect(can({ method: 'delete', path: 'publications/p1', resource: { published: true }, auth: eve })).toBe(false); // editor
    expect(can({ method: 'delete', path: 'publications/p1', resource: { published: true }, auth: visitor })).toBe(false);
  });

  it('lets anyone read published content, staff everything', () => {
    expect(can({ path: 'publications/p1', resource: { published: true } })).toBe(true);
    expect(can({ path: 'publications/p2', resource: { published: false } })).toBe(false);
    expect(can({ path: 'publications/p2', resource: { published: false }, auth: eve })).toBe(true);
    const eqPublished = { published: toValue(true) };
    const candidates = [{ path: 'publications/p1', data: fields({ published: true }) }];
    expect(can({ method: 'list', path: 'publications', query: { equalities: eqPublished, candidates } })).toBe(true);
    expect(can({ method: 'list', path: 'publications', query: { equalities: {}, candidates } })).toBe(false);
    expect(can({ method: 'list', path: 'publications', query: { equalities: {}, candidates }, auth: eve })).toBe(true);
  });

  it('checks editors’ writes for keys, types and sizes', () => {
    const write = (data: Record<string, unknown>) => can({ method: 'create', path: 'publications/p9', auth: eve, data });
    expect(write({ title: 'Summit opens', published: false })).toBe(true);
    expect(write({ title: '', published: false })).toBe(false);
    expect(write({ title: 'x'.repeat(201), published: false })).toBe(false);
    expect(write({ title: 'ok', published: 'yes' })).toBe(false);
    expect(write({ title: 'ok' })).toBe(false);
  });

  it('lets a visitor register with exactly the allowed fields, server time and valid values', () => {
    const create = (data: Record<string, unknown>, auth: AuthContext | null = null) => can({ method: 'create', path: 'registrations/r1', auth, data });
    expect(create(registration())).toBe(true);
    expect(create(registration({ seats: 2 }))).toBe(true);
    expect(create(registration({ seats: 5 }))).toBe(false);
    expect(create(registration({ seats: 1.5 }))).toBe(false);
    expect(create(registration({ status: 'confirmed' }))).toBe(false); // not an allowed key
    expect(create(registration({ email: 'not-an-email' }))).toBe(false);
    expect(create(registration({ id: 'r2' }))).toBe(false); // must carry its own id
    expect(create(registration({ timestamp: new Date(NOW.getTime() - 1000) }))).toBe(false); // forged time
    const { fullName, ...missing } = registration();
    expect(fullName).toBeTruthy();
    expect(create(missing)).toBe(false);
  });

  it('keeps registrations private and lets staff change only the status', () => {
    const stored = registration();
    expect(can({ path: 'registrations/r1', resource: stored })).toBe(false);
    expect(can({ path: 'registrations/r1', resource: stored, auth: eve })).toBe(true);
    expect(can({ method: 'update', path: 'registrations/r1', resource: stored, auth: eve, data: { ...stored, status: 'confirmed' } })).toBe(true);
    expect(can({ method: 'update', path: 'registrations/r1', resource: stored, auth: eve, data: { ...stored, fullName: 'Someone Else' } })).toBe(false);
  });

  it('lets staff read their own entry, and admins manage everyone else’s', () => {
    expect(can({ path: 'staff/ann@summit.test', auth: annUnverified })).toBe(false);
    expect(can({ path: 'staff/eve@summit.test', auth: eve })).toBe(true);
    expect(can({ path: 'staff/ann@summit.test', auth: visitor })).toBe(false);
    expect(can({ method: 'update', path: 'staff/eve@summit.test', resource: { role: 'editor' }, auth: ann, data: { role: 'admin' } })).toBe(true);
    expect(can({ method: 'delete', path: 'staff/ann@summit.test', resource: { role: 'admin' }, auth: ann })).toBe(false); // not yourself
  });
});

describe('the project policy (firestore.rules)', () => {
  const project = compileRules(readFileSync(fileURLToPath(new URL('../../../firestore.rules', import.meta.url)), 'utf8'));
  const admin: AuthContext = { uid: 'a', token: { email: 'admin@summit.test', email_verified: true, firebase: { sign_in_provider: 'password' } } };
  const docs = { 'staff/admin@summit.test': { role: 'admin', email: 'admin@summit.test' } };
  const decideProject = (init: RequestInit) => project.authorize(request({ docs, ...init }));

  it('shows published content to anyone who asks only for it, and everything to staff', () => {
    const candidates = [{ path: 'publications/p1', data: fields({ published: true }) }];
    expect(decideProject({ method: 'list', path: 'publications', query: { equalities: { published: toValue(true) }, candidates } }).allowed).toBe(true);
    expect(decideProject({ method: 'list', path: 'publications', query: { equalities: {}, candidates } }).allowed).toBe(false);
    expect(decideProject({ method: 'list', path: 'publications', query: { equalities: {}, candidates }, auth: admin }).allowed).toBe(true);
  });

  it('keeps the activity log to staff', () => {
    expect(decideProject({ path: 'logs/l1', resource: { message: 'x' } }).allowed).toBe(false);
    expect(decideProject({ path: 'logs/l1', resource: { message: 'x' }, auth: admin }).allowed).toBe(true);
  });

  it('grants a staff role only to the sign-in providers the back office offers', () => {
    const signedInWith = (provider: string): AuthContext => ({ uid: 'a', token: { ...admin.token, firebase: { sign_in_provider: provider } } });
    for (const provider of ['password', 'google.com'])
      expect(decideProject({ path: 'logs/l1', resource: { message: 'x' }, auth: signedInWith(provider) }).allowed).toBe(true);
    for (const provider of ['custom', 'anonymous', 'phone', 'github.com', 'oidc.partner', 'saml.partner']) {
      expect(decideProject({ path: 'logs/l1', resource: { message: 'x' }, auth: signedInWith(provider) }).allowed).toBe(false);
    }
  });
});
