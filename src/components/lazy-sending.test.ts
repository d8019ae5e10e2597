import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyModule, lazyResolver } from './lazy-sending.ts';

describe('lazyModule', () => {
  it('loads once however often it is asked, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ ok: true });
    const module = lazyModule(load);
    await expect(module()).rejects.toThrow('Failed to fetch');
    await expect(Promise.all([module(), module()])).resolves.toEqual([{ ok: true }, { ok: true }]);
    await module();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyResolver', () => {
  it('validates with the resolver it loads, passing everything through', async () => {
    const answer = { values: {}, errors: { name: { type: 'too_small', message: 'Enter your name.' } } };
    const inner = vi.fn(async () => answer) as unknown as Resolver<{ name: string }>;
    const resolver = lazyResolver(async () => inner);
    const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' as const };
    await expect(resolver({ name: '' }, 'context', options)).resolves.toBe(answer);
    expect(inner).toHaveBeenCalledWith({ name: '' }, 'context', options);
  });
});
