// Rules coverage: how often each `allow` statement and each function of the rules in force
// evaluated to true, to false and to an error. Off unless a recorder is passed when compiling
// (`compileRules(source, file, { coverage })`): the authorizer then reports every allow condition
// it evaluates, and the evaluator every call of a function of the file that completes. A rules
// limit cuts an evaluation short and counts for nothing. `npm run rules-coverage` reads it from
// the emulator (`--rules-coverage`, GET /emulator/v1/projects/{p}:rulesCoverage).
import type { Allow, FunctionDecl, Method, PatternSegment } from './ast.ts';
import type { CompiledBlock, CompiledRules } from './matcher.ts';
import type { RValue } from './values.ts';

export interface CoverageCounts {
  true: number;
  false: number;
  /** An evaluation error (a deny for an allow; for a function, a call that returned nothing). */
  error: number;
}

export interface AllowCoverage extends CoverageCounts {
  line: number;
  methods: Method[];
  /** Its block's match path, the blocks around it included: `/databases/{database}/documents/throttles/{uid}`. */
  path: string;
  /** The condition's value when it is a constant (`allow read;` is true, `if false` false). */
  constant?: boolean;
}

export interface FunctionCoverage extends CoverageCounts {
  name: string;
  line: number;
  /** Calls that returned something other than a bool (a string, a map, a path …). */
  value: number;
}

export interface RulesCoverageReport {
  /** The rules file, as messages name it. */
  file: string;
  /** In file order. */
  allows: AllowCoverage[];
  /** In file order. */
  functions: FunctionCoverage[];
}

export type AllowOutcome = 'true' | 'false' | 'error';

function patternText(pattern: readonly PatternSegment[]): string {
  return pattern.map((s) => (s.kind === 'literal' ? s.text : s.kind === 'single' ? `{${s.name}}` : `{${s.name}=**}`)).join('/');
}

export class RulesCoverage {
  private file = '';
  private allows = new Map<Allow, AllowCoverage>();
  private functions = new Map<FunctionDecl, FunctionCoverage>();

  /** Starts over for newly loaded rules: each of their allows and functions, at zero. */
  load(rules: CompiledRules, file: string) {
    this.file = file;
    this.allows.clear();
    this.functions.clear();
    const addFunctions = (decls: Iterable<FunctionDecl>) => {
      for (const decl of decls) this.functions.set(decl, { name: decl.name, line: decl.pos.line, true: 0, false: 0, value: 0, error: 0 });
    };
    addFunctions([...rules.service.functions.values()].map((f) => f.decl));
    const walk = (blocks: CompiledBlock[], prefix: string) => {
      for (const block of blocks) {
        const path = `${prefix}/${patternText(block.node.pattern)}`;
        addFunctions(block.node.functions);
        for (const allow of block.node.allows) {
          const entry: AllowCoverage = { line: allow.pos.line, methods: allow.methods, path, true: 0, false: 0, error: 0 };
          const c = allow.condition;
          if (!c) entry.constant = true;
          else if (c.kind === 'literal' && typeof c.value === 'boolean') entry.constant = c.value;
          this.allows.set(allow, entry);
        }
        walk(block.children, path);
      }
    };
    walk(rules.blocks, '');
  }

  /** An allow condition was evaluated. */
  allow(allow: Allow, outcome: AllowOutcome) {
    const entry = this.allows.get(allow);
    if (entry) entry[outcome]++;
  }

  /** A call of a function of the file returned `value`. */
  returned(decl: FunctionDecl, value: RValue) {
    const entry = this.functions.get(decl);
    if (entry) entry[value === true ? 'true' : value === false ? 'false' : 'value']++;
  }

  /** A call of a function of the file ended in an evaluation error. */
  failed(decl: FunctionDecl) {
    const entry = this.functions.get(decl);
    if (entry) entry.error++;
  }

  report(): RulesCoverageReport {
    const byLine = <T extends { line: number }>(entries: Iterable<T>) => [...entries].map((e) => ({ ...e })).sort((a, b) => a.line - b.line);
    return { file: this.file, allows: byLine(this.allows.values()), functions: byLine(this.functions.values()) };
  }

  /** Back to zero, the rules staying what they are. */
  reset() {
    for (const entry of [...this.allows.values(), ...this.functions.values()]) {
      entry.true = entry.false = entry.error = 0;
      if ('value' in entry) entry.value = 0;
    }
  }
}
