import { describe, expect, it } from 'vitest';
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
