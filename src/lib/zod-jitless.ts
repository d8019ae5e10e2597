// Zod compiles object schemas with `new Function` when it may, and finds out whether it may by
// trying once: under this site's Content-Security-Policy (no 'unsafe-eval') the browser refuses
// and reports a violation on every page with a form. Jitless, it never tries (our forms are small:
// the compiled parser's speed is not needed). Set through the global Zod reads its configuration
// from (zod/v4/core/core.js), so that public pages need not download Zod to configure it; imported
// by root.tsx, before any route module loads Zod. zod-jitless.test.ts holds Zod to it.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };

export {};
