import { SITE_NAME } from './page-meta.ts';

/**
 * The browser title of a page whose title is its content (an article, a position): rendered by the
 * component once the content is known. React hoists these tags into <head>, in the build's
 * prerender too, so a crawler reads the article's title and not its address. `noindex` for a
 * not-found state (hosting answers 200 for any /blogs/… address, so this is what tells a crawler).
 */
export function DocumentTitle({ title, noindex = false }: { title: string; noindex?: boolean }) {
  return (
    <>
      <title>{`${title} | ${SITE_NAME}`}</title>
      <meta property="og:title" content={title} />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
