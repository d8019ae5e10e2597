import { useState, type FormHTMLAttributes } from 'react';
import { usePrepareOnFirstUse } from './lazy-sending.ts';
import { useHydrated } from './use-hydrated.ts';
import { startsOnIntent } from '../lib/page-loader-triggers.ts';

/**
 * A visitor form on a prerendered page. The HTML shows it before the JavaScript has arrived, and
 * without script it could only submit natively (a GET to the same address, the answers in the
 * URL), so its controls are disabled in the HTML. The page's loader (scripts/build/page-loader.ts)
 * opens them at once and holds a submit until the app runs: a visitor can start typing before the
 * app has arrived, and `useTypedBeforeHydration` carries what they typed into the form's state.
 * The form's classes lay out the fieldset, which holds the fields (min-w-0: a fieldset would
 * otherwise refuse to shrink on a phone).
 */
export function HydratedForm({
  className = '',
  children,
  prepare,
  ...form
}: FormHTMLAttributes<HTMLFormElement> & {
  id: string;
  /** Fetches what sending needs (lazy-sending.ts), once the visitor starts on the form. */
  prepare?: () => unknown;
}) {
  const hydrated = useHydrated();
  const element = usePrepareOnFirstUse<HTMLFormElement>(prepare);
  // The page's loader starts the app at the visitor's first scroll or pointer movement, not only
  // at a tap: the form is then usually ready by the time the visitor reaches it.
  return (
    <form {...form} ref={element} {...startsOnIntent(!hydrated)}>
      <noscript>
        <p className="mb-4 text-slate-700">This form needs JavaScript. Turn it on to send it, or email the organisers (see Contact).</p>
      </noscript>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
        {children}
      </fieldset>
    </form>
  );
}

/**
 * The fields of the prerendered form `formId` that the visitor changed before the app ran, by
 * name (a checkbox as checked or not, anything else as its text). Empty on the server, and for a
 * form not in the page yet (one reached by navigation).
 */
export function typedBeforeHydration(formId: string, doc: Document | undefined = globalThis.document): Record<string, string | boolean> {
  const form = doc?.getElementById(formId);
  if (!form || form.tagName !== 'FORM') return {};
  const typed: Record<string, string | boolean> = {};
  for (const field of Array.from((form as HTMLFormElement).elements)) {
    if (field instanceof HTMLInputElement && field.name) {
      if (field.type === 'checkbox') {
        if (field.checked !== field.defaultChecked) typed[field.name] = field.checked;
      } else if (field.type === 'radio') {
        if (field.checked && !field.defaultChecked) typed[field.name] = field.value;
      } else if (field.value !== field.defaultValue) typed[field.name] = field.value;
    } else if (field instanceof HTMLTextAreaElement && field.name) {
      if (field.value !== field.defaultValue) typed[field.name] = field.value;
    } else if (field instanceof HTMLSelectElement && field.name) {
      // Without a `selected` option in the HTML, a select shows its first option.
      const initial = Array.from(field.options).find((o) => o.defaultSelected) ?? field.options[0];
      if (field.value !== (initial?.value ?? '')) typed[field.name] = field.value;
    }
  }
  return typed;
}

/**
 * What the visitor typed into the prerendered form before the app ran, read once in the render
 * that hydrates it: spread over the form's default values, so react-hook-form, which writes its
 * defaults into the fields it registers, writes the visitor's own text back instead of erasing it.
 */
export function useTypedBeforeHydration(formId: string): Record<string, string | boolean> {
  const [typed] = useState(() => typedBeforeHydration(formId));
  return typed;
}
