import type { ReactNode } from 'react';
import { needsScript } from '../lib/page-loader-triggers.ts';

/**
 * "Loading …" where data is read in the browser. On a prerendered page it marks a part only the
 * app can fill in (data-needs-script), so the page's loader starts the app's scripts as soon as it
 * nears the screen, not at the visitor's first tap (scripts/build/page-loader.ts).
 */
export function LoadingLine({ className = 'mt-8', children }: { className?: string; children: ReactNode }) {
  return (
    <p className={`${className} text-slate-600`} role="status" {...needsScript}>
      {children}
    </p>
  );
}
