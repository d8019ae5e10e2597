import { describe, expect, it } from 'vitest';
import { readFirebaseJson } from '../build/hosting-config.ts';
import { PREVIEW_PROJECT, previewConfig } from './preview-config.ts';

describe('the preview’s Hosting config', () => {
  const firebase = readFirebaseJson();
  const config = previewConfig(firebase);

  it('is firebase.json’s hosting block, its public folder relative to build/ where the config is written', () => {
    const { public: served, headers, ...rest } = config.hosting;
    const { public: deployed, headers: deployedHeaders, ...deployedRest } = firebase.hosting;
    expect(deployed).toBe('build/client');
    expect(served).toBe('client');
    expect(rest).toEqual(deployedRest);
    expect(rest).toMatchObject({ cleanUrls: true, trailingSlash: false });
    expect(headers.map((h) => h.source)).toEqual(deployedHeaders.map((h: { source: string }) => h.source));
  });

  it('sends firebase.json’s headers, the policy’s connect-src and img-src widened by the local emulators’ origins and nothing else', () => {
    const policies = config.hosting.headers.flatMap((rule) => rule.headers.filter((h) => h.key === 'Content-Security-Policy').map((h) => h.value));
    expect(policies.length).toBeGreaterThanOrEqual(2); // site-wide, and the Emails screen's
    const widened = config.hosting.headers.map((rule) => ({
      ...rule,
      headers: rule.headers.map((h) => ({
        ...h,
        value: h.value.replace(' http://127.0.0.1:8080 http://127.0.0.1:9099 http://127.0.0.1:9199', '').replace(' http://127.0.0.1:9199', ''),
      })),
    }));
    expect(widened).toEqual(firebase.hosting.headers);
    for (const policy of policies) {
      expect(policy).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:8080 http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:9199(;|$)/);
      expect(policy).toMatch(/img-src [^;]* https: http:\/\/127\.0\.0\.1:9199(;|$)/);
    }
  });

  it('serves on firebase.json’s hosting emulator address (4173, where the demo data’s links point) or the port asked for', () => {
    expect(firebase.emulators.hosting).toEqual({ host: '127.0.0.1', port: 4173 });
    expect(config.emulators.hosting).toEqual({ host: '127.0.0.1', port: 4173 });
    expect(previewConfig(firebase, 4180).emulators.hosting.port).toBe(4180);
    expect(config.emulators.ui).toEqual({ enabled: false });
  });

  it('runs in a demo project: no login, no Google service reached', () => {
    expect(PREVIEW_PROJECT).toMatch(/^demo-/);
  });
});
