// What the author typed and has not saved yet, kept for this tab (sessionStorage) so a reload, or
// Back then Forward, loses nothing; dropped once saved. Not localStorage: an abstract's authors
// and unpublished results should not outlive the tab on a shared computer.
import { formShape, type AbstractFormValues } from './schema.ts';

const key = (id: string) => `abstract-unsaved:${id}`;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked: nothing is kept, as before
  }
}

/** The unsaved values for abstract `id`, if this tab holds some of the form's shape. */
export function unsavedValues(id: string): AbstractFormValues | null {
  try {
    const parsed = formShape.safeParse(JSON.parse(storage()?.getItem(key(id)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepUnsaved(id: string, values: AbstractFormValues | null): void {
  try {
    if (values) storage()?.setItem(key(id), JSON.stringify(values));
    else storage()?.removeItem(key(id));
  } catch {
    // storage full or blocked: the form still holds the values while the page is open
  }
}
