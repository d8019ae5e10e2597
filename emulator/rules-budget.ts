// The project's rules budget: a margin under Cloud Firestore's limits (emulator/src/rules/limits.ts),
// so that the next rule added does not tip a path over in production. Every stack (npm start, the
// test stacks, the build's) enforces it in place of Cloud Firestore's own limits, so a path over
// budget fails every test that takes it; `npm run rules-budget` prints what each path spends.
import { tighterLimits } from './src/rules/limits.ts';

export const RULES_BUDGET = tighterLimits({
  readsPerOperation: 8,
  readsPerSingleRequest: 8,
  readsPerMultiRequest: 16,
  expressionsPerOperation: 600,
});

/** The emulator's --rules-limits value for the budget. */
export function rulesBudgetArg(): string {
  return Object.entries(RULES_BUDGET)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}
