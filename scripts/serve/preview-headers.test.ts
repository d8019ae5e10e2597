import { describe, expect, it } from 'vitest';
import { globPattern, headersFor, previewHeaderRules } from './preview-headers.ts';
import { readFirebaseJson } from '../build/hosting-config.ts';

describe('Hosting globs', () => {
  it('match as Hosting does: ** any path, * one segment, anything else literally', () => {
    expect(globPattern('**').test('/')).toBe(true);
    expect(globPattern('**').test('/admin/registrations/x/y')).toBe(true);
    expect(globPattern('/assets/**').test('/assets/a/b.js')).toBe(true);
    expect(globPattern('/assets/**').test('/about')).toBe(false);
    expect(globPattern('/checkout/*').test('/checkout/ABC')).toBe(true);
    expect(globPattern('/checkout/*').test('/checkout/ABC/x')).toBe(false);
    expect(globPattern('/admin/check-in').test('/admin/check-in')).toBe(true);
    expect(globPattern('/admin/check-in').test('/admin/check-inx')).toBe(false);
    expect(globPattern('/a.b').test('/axb')).toBe(false);
  });
});

describe('the preview’s headers', () => {
  const config = readFirebaseJson();
  const rules = previewHeaderRules(config);
  const hosted = (path: string) => headersFor(path, config.hosting.headers);

  it('are firebase.json’s, the later rule replacing an earlier one’s header', () => {
    expect(headersFor('/admin/check-in', rules)['Permissions-Policy']).toMatch(/^camera=\(self\)/);
    expect(headersFor('/admin/users', rules)['Permissions-Policy']).toMatch(/^camera=\(\)/);
    expect(headersFor('/assets/app.js', rules)['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor('/about', rules)['Cache-Control']).toBeUndefined();
    for (const path of ['/', '/about', '/admin', '/checkout/ABC', '/nope']) {
      const { 'Content-Security-Policy': policy, ...rest } = headersFor(path, rules);
      const { 'Content-Security-Policy': hostedPolicy, ...hostedRest } = hosted(path);
      expect(rest).toEqual(hostedRest);
      // The policy differs by the emulators' origins in connect-src, and nothing else.
      expect(policy.replace(' http://127.0.0.1:8080 http://127.0.0.1:9099', '')).toBe(hostedPolicy);
      expect(policy).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:8080 http:\/\/127\.0\.0\.1:9099(;|$)/);
    }
  });
});
