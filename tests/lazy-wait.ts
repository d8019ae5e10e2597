// How long a component test waits for what appears only after a lazily loaded chunk (a form's
// submit code and its validation, a page's PDF or sign-in module): a dynamic import, which on a
// busy two-core machine can take longer than Testing Library's default second. Not a retry: the
// first appearance is awaited once.
export const LONG = { timeout: 5000 };
