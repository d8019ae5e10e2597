import { expect, it } from 'vitest';

it('makes Zod jitless before Zod loads, so it never tries `new Function` (refused by the site’s policy)', async () => {
  await import('./zod-jitless.ts');
  const tried: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args) {
      tried.push(String(args.at(-1)));
      return Reflect.construct(target, args);
    },
  });
  try {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), seats: z.number() });
    expect(schema.parse({ name: 'A', seats: 2 })).toEqual({ name: 'A', seats: 2 });
    expect(tried).toEqual([]);
  } finally {
    globalThis.Function = RealFunction;
  }
});
