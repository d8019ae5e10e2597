import { SITE_NAME } from './page-meta.ts';

/**
 * The title and description of a page whose title is its content (an article, a position):
 * rendered by the component once the content is known. React hoists these tags into <head>, in the
 * build's prerender too, so a crawler and a link preview read the article's title and summary and
 * not its address (scripts/build/head-tags.ts adds the canonical address and the rest of Open Graph).
 * `noindex` for a not-found state (hosting answers 200 for any /blogs/… address, so this is what
 * tells a crawler). The page's route exports an empty `meta`, so these are the only ones.
 */
export function DocumentTitle({ title, description, noindex = false }: { title: string; description: string; noindex?: boolean }) {
  return (
    <>
      <title>{`${title} | ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
