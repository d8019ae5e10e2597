// How a prerendered page tells its loader (scripts/build/page-loader.ts) when to start the app's
// scripts: one name per trigger, used by the components that set it and by the loader that reads
// it, so neither can be renamed without the other.
export const TRIGGERS = {
  /** A visitor form: start at the first sign of intent (a scroll, a pointer movement). */
  onIntent: 'data-script-on-intent',
  /** A part only the app can show (a list read in the browser): start when it nears the screen. */
  needsScript: 'data-needs-script',
  /** Something shown as open until this moment (ISO time): start if it has passed since the build. */
  changesAt: 'data-changes-at',
} as const;

/** The CSS selector of the elements carrying a trigger. */
export const withTrigger = (attribute: (typeof TRIGGERS)[keyof typeof TRIGGERS]) => `[${attribute}]`;

/** Props of a visitor form's element: the trigger while the app has not hydrated yet. */
export const startsOnIntent = (waiting: boolean) => (waiting ? { [TRIGGERS.onIntent]: '' } : {});

/** Props of a part only the app can show. */
export const needsScript = { [TRIGGERS.needsScript]: '' } as const;

/** Props of something shown as open until `at` (none once closed: nothing will change). */
export const changesAt = (at: Date | null) => (at ? { [TRIGGERS.changesAt]: at.toISOString() } : {});
