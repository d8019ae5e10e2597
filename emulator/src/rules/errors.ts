// Errors of the rules engine. Load-time errors carry a position so an editor can jump to it;
// evaluation errors are never shown as failures of the emulator: Firestore turns them into a deny.

/** The rules file cannot be read as rules_version '2' (`firestore.rules:12:5: expected ';'`). */
export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'RulesSyntaxError';
  }
}

/**
 * The file is (or may be) valid for Cloud Firestore but uses something this engine does not
 * implement (another service, an unknown function or method …). Refused at load rather than
 * silently allowed. A subclass, so callers that catch RulesSyntaxError catch both.
 */
export class RulesUnsupportedError extends RulesSyntaxError {
  constructor(file: string, line: number, column: number, detail: string) {
    super(file, line, column, detail);
    this.name = 'RulesUnsupportedError';
  }
}

/** An error while evaluating a condition. Firestore treats it as a deny (see `&&`/`||`). */
export class EvaluationError extends Error {
  constructor(
    message: string,
    /** Where in the file the error arose, when known ("L42:17"). */
    public line?: number,
    public column?: number,
  ) {
    super(message);
    this.name = 'EvaluationError';
  }
}

export function evaluationError(message: string): never {
  throw new EvaluationError(message);
}

/** The ruleset is over one of Cloud Firestore's limits on rulesets (limits.ts RULESET_LIMITS): a deploy would be refused. */
export class RulesetLimitError extends RulesSyntaxError {
  constructor(file: string, line: number, column: number, detail: string) {
    super(file, line, column, detail);
    this.name = 'RulesetLimitError';
  }
}
