// What a crawler and a link preview read in a prerendered page's <head> besides the title and
// description the page renders (its route's `meta`, or DocumentTitle for an article): the canonical
// address and Open Graph. Added by the build, which knows the site's address (SITE_URL) and each
// page's path; a browser navigating inside the app needs none of them.
import { SITE_NAME } from '../../src/components/page-meta.ts';

const TITLE = /<title>([^<]*)<\/title>/;
const DESCRIPTION = /<meta name="description" content="([^"]*)"\/?>/;
const NOINDEX = /<meta name="robots" content="noindex"\/?>/;
const hasProperty = (head: string, property: string) => head.includes(`<meta property="${property}"`);
/** Title text (already escaped for text) made safe for an attribute. */
const asAttribute = (text: string) => text.replace(/"/g, '&quot;');

/** The share tags a page lacks, added at the end of its <head>; a page without a title or head is left alone. */
export function withShareTags(html: string, path: string, site: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const head = html.slice(0, end);
  const title = TITLE.exec(head)?.[1];
  if (title === undefined) return html;
  const description = DESCRIPTION.exec(head)?.[1];
  const url = `${site}${path}`;
  const tags: string[] = [];
  if (!NOINDEX.test(head)) tags.push(`<link rel="canonical" href="${url}"/>`);
  const properties: Array<[string, string | undefined]> = [
    ['og:title', asAttribute(title.replace(` | ${SITE_NAME}`, ''))],
    ['og:description', description],
    ['og:type', path.startsWith('/blogs/') ? 'article' : 'website'],
    ['og:url', url],
    ['og:site_name', SITE_NAME],
  ];
  for (const [property, content] of properties)
    if (content !== undefined && !hasProperty(head, property)) tags.push(`<meta property="${property}" content="${content}"/>`);
  return `${head}${tags.join('')}${html.slice(end)}`;
}
