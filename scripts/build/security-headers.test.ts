import { describe, expect, it } from 'vitest';
import {
  allowedInlineHashes,
  CAMERA_PAGES,
  EVAL_PAGES,
  contentSecurityPolicy,
  notAllowed,
  securityHeaders,
  sitePolicy,
  withSources,
} from './security-headers.ts';
import { eventHandlers, inlineHashes, inlineScripts, sha256Source } from './inline-scripts.ts';
import { readFirebaseJson } from './hosting-config.ts';
import { pageLoaderScript } from './postbuild.ts';

const hashes = { scripts: [sha256Source('a()'), sha256Source('b()')], handlers: [sha256Source("this.media='all'")] };
const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy(hashes));

  it('runs this site’s scripts and the built inline ones by hash, never any inline script', () => {
    const scripts = policy.get('script-src')!;
    expect(scripts.slice(0, 3)).toEqual(["'self'", ...hashes.scripts]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // Handlers by hash only: 'unsafe-hashes' comes with exactly the handlers the build writes.
    expect(scripts.slice(scripts.indexOf("'unsafe-hashes'") + 1, scripts.indexOf("'unsafe-hashes'") + 2)).toEqual(hashes.handlers);
    // Other origins by name only (Google's sign-in and reCAPTCHA), never a whole scheme.
    expect(scripts.filter((s) => ['https:', 'http:', '*', 'data:', 'blob:'].includes(s))).toEqual([]);
  });

  it('has no handler allowance when the build writes no handler', () => {
    expect(contentSecurityPolicy({ scripts: hashes.scripts, handlers: [] })).not.toContain("'unsafe-hashes'");
  });

  it('lets no one frame a page, load plugins or move the base address', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('talks to Firestore, Auth, App Check, Cloud Storage and the analytics, and nowhere else', () => {
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
      'https://firebasestorage.googleapis.com',
      'https://plausible.io',
    ]);
  });

  it('shows images from this site, https addresses staff enter, the QR code’s data: and a previewed file’s blob:', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });
});

describe('the headers', () => {
  const rules = securityHeaders(hashes);
  const siteWide = new Map(rules.find((r) => r.source === '**')!.headers.map((h) => [h.key, h.value]));

  it('send the policy and the browser protections on every page', () => {
    expect(siteWide.get('Content-Security-Policy')).toBe(contentSecurityPolicy(hashes));
    expect(siteWide.get('X-Content-Type-Options')).toBe('nosniff');
    expect(siteWide.get('X-Frame-Options')).toBe('DENY');
    expect(siteWide.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(siteWide.get('Permissions-Policy')).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\)/);
  });

  it('allow the camera on the check-in only, in a rule after the site-wide one (Hosting: the later rule wins)', () => {
    expect(CAMERA_PAGES).toEqual(['/admin/check-in']);
    const camera = rules.findIndex((r) => r.source === '/admin/check-in');
    expect(camera).toBeGreaterThan(rules.findIndex((r) => r.source === '**'));
    expect(rules[camera].headers).toEqual([{ key: 'Permissions-Policy', value: expect.stringMatching(/^camera=\(self\), microphone=\(\)/) }]);
  });

  it('allow evaluated code on the Emails screen only (Handlebars compiles its preview), nothing else widened', () => {
    expect(EVAL_PAGES).toEqual(['/admin/emails']);
    expect(siteWide.get('Content-Security-Policy')).not.toContain("'unsafe-eval'");
    const emails = rules.find((r) => r.source === '/admin/emails')!;
    expect(rules.indexOf(emails)).toBeGreaterThan(rules.findIndex((r) => r.source === '**'));
    const policy = emails.headers.find((h) => h.key === 'Content-Security-Policy')!.value;
    expect(policy).toBe(contentSecurityPolicy(hashes).replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"));
  });

  it('read back: the hashes a policy allows, scripts and handlers apart', () => {
    expect(allowedInlineHashes(contentSecurityPolicy(hashes))).toEqual(hashes);
    expect(sitePolicy(rules)).toBe(contentSecurityPolicy(hashes));
    expect(() => sitePolicy([])).toThrow(/npm run hosting-config/);
  });

  it('widen one directive only', () => {
    const wider = directives(withSources(contentSecurityPolicy(hashes), 'connect-src', ['http://127.0.0.1:8080']));
    expect(wider.get('connect-src')!.at(-1)).toBe('http://127.0.0.1:8080');
    expect(wider.get('script-src')).toEqual(directives(contentSecurityPolicy(hashes)).get('script-src'));
  });
});

describe('inline scripts of a built page', () => {
  const page = [
    '<html><head><link rel="stylesheet" href="/a.css" media="print" onload="this.media=&#x27;all&#x27;"></head><body>',
    '<script>a()</script>',
    '<script type="application/json" id="data">{"a":1}</script>',
    '<script type="text/x-on-demand" data-src="/assets/start-1.js"></script>',
    '<script type="module">b()</script>',
    '<script src="/assets/x.js"></script>',
    '<script type="text/javascript">c()</script>',
    '</body></html>',
  ].join('');

  it('are the scripts a browser runs from the page’s own text (not data blocks, the inert entry or files)', () => {
    expect(inlineScripts(page)).toEqual(['a()', 'b()', 'c()']);
  });

  it('include handler attributes, as the browser reads them', () => {
    expect(eventHandlers(page)).toEqual(["this.media='all'"]);
    expect(eventHandlers(`<img src=x onerror="alert(&quot;x&quot;)">`)).toEqual(['alert("x")']);
  });

  it('hash as browsers do (sha256 of the text, base64)', () => {
    // The empty text's (SHA-256 e3b0c442…b855), as a browser reports it for an empty inline script.
    expect(sha256Source('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(inlineHashes([page, page])).toEqual({
      scripts: ['a()', 'b()', 'c()'].map(sha256Source).sort(),
      handlers: [sha256Source("this.media='all'")],
    });
  });
});

describe('a build checked against firebase.json', () => {
  const policy = sitePolicy(readFirebaseJson().hosting.headers);

  it('passes with the loader and the stylesheet switch, and fails as soon as a page gains a script or handler the policy does not allow', async () => {
    const page = `<link rel="stylesheet" href="/a.css" media="print" onload="this.media='all'"><main></main><script>${await pageLoaderScript()}</script>`;
    expect(notAllowed(inlineHashes([page]), policy)).toEqual([]);
    const gained = inlineHashes([page, '<script>window.x = 1</script>', '<button onclick="go()">Go</button>']);
    expect(notAllowed(gained, policy)).toEqual([`script ${sha256Source('window.x = 1')}`, `event handler ${sha256Source('go()')}`]);
  });
});
