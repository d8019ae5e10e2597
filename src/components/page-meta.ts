import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'National Cancer Summit';

/** Title and description for a page's `meta` export: "Title | National Cancer Summit". */
export function pageMeta(title: string, description?: string, { index = true } = {}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: `${title} | ${SITE_NAME}` }];
  if (description) tags.push({ name: 'description', content: description });
  if (!index) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
