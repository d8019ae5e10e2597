export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
  }
}

/** An error while evaluating a condition: Firestore treats it as a deny. */
export class EvaluationError extends Error {}
