// Pages that are one person's (sign-in, checkout, "my registration") or the back office: never
// prerendered (each is rendered in the browser from the SPA fallback), never in the sitemap, and
// disallowed to crawlers. One list for the build (react-router.config.ts) and postbuild.ts.
export const CLIENT_ONLY_PAGES = ['/admin', '/admin-login', '/login', '/checkout', '/my-registration'] as const;

/** Whether a path is one of those pages or below one. */
export const isClientOnly = (path: string) => CLIENT_ONLY_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
