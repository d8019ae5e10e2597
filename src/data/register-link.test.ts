import { describe, expect, it } from 'vitest';
import { linkedCategory, PRESENTER_REGISTER_PATH, registerWithCategory } from './register-link.ts';

const CATEGORIES = { delegate: { label: 'Delegate', fee: 15000 }, presenter: { label: 'Abstract presenter', fee: 15000 } };

describe('a register link with a category', () => {
  it('is /register?category=KEY, the key encoded', () => {
    expect(PRESENTER_REGISTER_PATH).toBe('/register?category=presenter');
    expect(registerWithCategory('a b&c')).toBe('/register?category=a+b%26c');
  });

  it('chooses a category the settings have, and ignores unknown, empty, repeated-later and inherited keys', () => {
    const of = (search: string) => linkedCategory(new URLSearchParams(search), CATEGORIES);
    expect(of('category=presenter')).toBe('presenter');
    expect(of('category=delegate&category=presenter')).toBe('delegate');
    expect(of('')).toBeUndefined();
    expect(of('category=')).toBeUndefined();
    expect(of('category=Presenter')).toBeUndefined();
    expect(of('category=vip')).toBeUndefined();
    expect(of('category=toString')).toBeUndefined();
    expect(of('category=__proto__')).toBeUndefined();
    expect(of('category=constructor')).toBeUndefined();
  });
});
