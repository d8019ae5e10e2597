// The page's own stylesheet rules, inlined by the build (scripts/build/postbuild.ts) so the first paint
// needs nothing beyond the document. They go into an element the app renders itself (root.tsx), empty:
// hydration adopts the element with its rules, where it would remove a <style> it did not render.
export const CRITICAL_CSS_ID = 'critical-css';
