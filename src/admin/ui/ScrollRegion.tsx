import type { ReactNode } from 'react';

/** Named by its own words (`label`) or by an element on the page, such as a table's caption (`labelledBy`). */
type Name = { label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined };

/**
 * Something wider than a phone (a table of many columns) scrolls sideways in this box of its own,
 * so the page around it reflows at 320 px. It is a named region that keyboard users can reach
 * (Tab) and scroll with the arrow keys. It is positioned, so visually hidden text inside it (an
 * `sr-only` caption or button suffix, absolutely positioned) scrolls and clips with it instead of
 * widening the page.
 */
export function ScrollRegion({ className = '', children, ...name }: Name & { className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={name.label} aria-labelledby={name.labelledBy} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
