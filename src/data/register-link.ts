// A link to /register with a category chosen (/register?category=KEY): the decision email and
// "my abstracts" send an accepted abstract's presenting author to it, and the register form
// preselects the category when the settings have one under that key (anything else is ignored).
import { href } from 'react-router';
import { PRESENTER_CATEGORY } from '../content/site.ts';

const CATEGORY_PARAM = 'category';

export const registerWithCategory = (key: string) => `${href('/register')}?${new URLSearchParams({ [CATEGORY_PARAM]: key }).toString()}`;

/** Where accepted presenters register: /register?category=presenter. */
export const PRESENTER_REGISTER_PATH = registerWithCategory(PRESENTER_CATEGORY.key);

/** The category the address asks for, if the settings have it (an own key: not "toString", not "__proto__"). */
export function linkedCategory(search: URLSearchParams, categories: Record<string, unknown>): string | undefined {
  const key = search.get(CATEGORY_PARAM);
  return key !== null && Object.hasOwn(categories, key) ? key : undefined;
}
