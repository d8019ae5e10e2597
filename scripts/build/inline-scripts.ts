// The JavaScript a built page runs from its own text, which the Content-Security-Policy must allow by
// hash (scripts/build/security-headers.ts): inline <script> elements of a JavaScript type, and event
// handler attributes (allowed with 'unsafe-hashes'). Data blocks (application/json) and the inert
// app entry (text/x-on-demand) never run, so they need no hash. Postbuild checks every page of a
// build against firebase.json's policy, so a page that gains a script the policy does not allow
// fails the build instead of breaking in a visitor's browser.
import { createHash } from 'node:crypto';

// The types a browser runs as script (HTML's "JavaScript MIME type essence match", the ones anyone
// writes), plus module; any other type is a data block.
const RUNNABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
// Handler attributes on any tag; quoted values only (what our build and Beasties write).
const HANDLER = /<[a-z][^>]*?\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

const attribute = (attrs: string, name: string) => {
  const m = ATTRIBUTE(name).exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
};

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text of every inline script of the page that a browser would run. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    if (attribute(attrs, 'src') === null && RUNNABLE_TYPES.has(type)) out.push(text);
  }
  return out;
}

/** The value of every event handler attribute of the page (as the browser hashes it: unescaped). */
export function eventHandlers(html: string): string[] {
  return [...html.matchAll(HANDLER)].map(([, double, single]) => unescapeAttribute(double ?? single));
}

/** A CSP hash source for a script's text. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hash sources of everything the pages run inline, scripts and handlers apart, sorted, without repeats. */
export function inlineHashes(pages: string[]): { scripts: string[]; handlers: string[] } {
  const unique = (texts: string[]) => [...new Set(texts.map(sha256Source))].sort();
  return { scripts: unique(pages.flatMap(inlineScripts)), handlers: unique(pages.flatMap(eventHandlers)) };
}
