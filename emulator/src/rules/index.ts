// The rules engine's public face, for the emulator CLI and server.
//
//   const authorizer = loadRulesAuthorizer('firestore.rules');   // throws RulesSyntaxError
//   service.setAuthorizer(authorizer);
//   watchRules('firestore.rules', (a) => service.setAuthorizer(a), (e) => console.error(e));
//   const storageAuthorizer = loadStorageRulesAuthorizer('storage.rules');   // Cloud Storage: the same, for storage.rules
export { compileRules, compileStorageRules, loadRulesAuthorizer, loadStorageRulesAuthorizer, type CompileOptions } from './compile.ts';
export { watchRules, watchRulesWith, watchStorageRules, type RulesWatcher, type WatchOptions } from './watch.ts';
export { RulesSyntaxError, RulesUnsupportedError } from './errors.ts';
export { RulesCoverage, type RulesCoverageReport } from './coverage.ts';
export { FIRESTORE_LIMITS, RULESET_LIMITS, STORAGE_LIMITS, tighterLimits, type RuntimeLimits } from './limits.ts';
export type { AccessDecision, AccessRequest, Authorizer } from './contract.ts';
export { allowAllStorage, type StorageAccessRequest, type StorageAuthorizer, type StorageObjectForRules } from './storage-contract.ts';
