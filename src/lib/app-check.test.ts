import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appCheckPlan } from './app-check.ts';

describe('App Check from the configuration', () => {
  it('is off without a site key (the local stack), whatever else is set', () => {
    expect(appCheckPlan('', '')).toEqual({ provider: 'off' });
    expect(appCheckPlan('', 'debug-token')).toEqual({ provider: 'off' });
  });

  it('uses reCAPTCHA Enterprise with a site key, and the debug provider when a debug token is given too', () => {
    expect(appCheckPlan('6Lc-key', '')).toEqual({ provider: 'recaptcha-enterprise', siteKey: '6Lc-key' });
    expect(appCheckPlan('6Lc-key', 'debug-token')).toEqual({ provider: 'debug', siteKey: '6Lc-key', debugToken: 'debug-token' });
  });
});

describe('starting App Check', () => {
  const sdk = { started: [] as unknown[], token: 'app-check-token' as string | Error };

  async function load(siteKey: string, debugToken: string) {
    vi.resetModules();
    vi.doMock('./env.ts', () => ({ appCheckSiteKey: siteKey, appCheckDebugToken: debugToken }));
    vi.doMock('./firebase.ts', () => ({ firebaseApp: { name: '[DEFAULT]' } }));
    vi.doMock('firebase/app-check', () => ({
      ReCaptchaEnterpriseProvider: class {
        constructor(public siteKey: string) {}
      },
      initializeAppCheck: (app: unknown, options: unknown) => (sdk.started.push([app, options]), { app }),
      getToken: async (instance: { app: unknown }) => {
        if (sdk.token instanceof Error) throw sdk.token;
        return { token: `${sdk.token} for ${(instance.app as { name: string }).name}` };
      },
    }));
    return import('./app-check.ts');
  }

  beforeEach(() => {
    sdk.started = [];
    sdk.token = 'app-check-token';
    delete (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN;
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('self', globalThis);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('./env.ts');
    vi.doUnmock('./firebase.ts');
    vi.doUnmock('firebase/app-check');
  });

  it('starts it once with reCAPTCHA Enterprise and token refresh, however often asked', async () => {
    const { startAppCheck } = await load('6Lc-key', '');
    await Promise.all([startAppCheck(), startAppCheck()]);
    await startAppCheck();
    expect(sdk.started).toEqual([[{ name: '[DEFAULT]' }, { provider: { siteKey: '6Lc-key' }, isTokenAutoRefreshEnabled: true }]]);
    expect(globalThis).not.toHaveProperty('FIREBASE_APPCHECK_DEBUG_TOKEN');
  });

  it('hands the SDK the debug token first when one is configured', async () => {
    const { startAppCheck } = await load('6Lc-key', 'ci-token');
    await startAppCheck();
    expect((globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN).toBe('ci-token');
    expect(sdk.started).toHaveLength(1);
  });

  it('does nothing without a site key, nor outside a browser (the prerender)', async () => {
    await (await load('', 'ci-token')).startAppCheck();
    vi.stubGlobal('window', undefined);
    await (await load('6Lc-key', '')).startAppCheck();
    expect(sdk.started).toEqual([]);
  });

  it('gives a request made without the SDK its token, starting App Check for it once', async () => {
    const { appCheckToken, startAppCheck } = await load('6Lc-key', '');
    expect(await appCheckToken()).toBe('app-check-token for [DEFAULT]');
    await startAppCheck();
    expect(await appCheckToken()).toBe('app-check-token for [DEFAULT]');
    expect(sdk.started).toHaveLength(1);
  });

  it('gives no token when App Check is off, outside a browser, or cannot get one (the request goes without)', async () => {
    expect(await (await load('', '')).appCheckToken()).toBeNull();
    sdk.token = new Error('AppCheck: ReCAPTCHA error.');
    expect(await (await load('6Lc-key', '')).appCheckToken()).toBeNull();
    vi.stubGlobal('window', undefined);
    expect(await (await load('6Lc-key', '')).appCheckToken()).toBeNull();
    expect(sdk.started).toHaveLength(1);
  });
});
