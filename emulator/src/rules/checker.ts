// Load-time checks after parsing: every variable, function, method and namespace member a rule
// names must exist, with the right number of arguments. Cloud Firestore refuses such files when
// they are deployed; refusing them here (with line and column) beats a rule that silently denies.
import { forEachChild, type Expr, type FunctionDecl, type Pos, type RulesFile } from './ast.ts';
import { CROSS_SERVICE_ARITY, FIRESTORE_READ_FUNCTIONS, FUNCTION_ARITY, NAMESPACE_ARITY } from './builtins.ts';
import { RulesSyntaxError, RulesUnsupportedError } from './errors.ts';
import type { CompiledBlock, CompiledRules, FunctionInfo, Scope } from './matcher.ts';
import { METHOD_ARITY } from './methods.ts';

const GLOBALS = ['request', 'resource'];

const UNSUPPORTED_METHODS: Record<string, string> = {
  bind: 'path.bind() is not supported by this emulator; build the path with $(…) instead',
};

function plural(n: number): string {
  return `${n} argument${n === 1 ? '' : 's'}`;
}

class Checker {
  /** The namespaces of the service: Cloud Storage rules also have `firestore`. */
  private readonly namespaces: Readonly<Record<string, Readonly<Record<string, number>>>>;

  constructor(
    private readonly file: string,
    private readonly service: RulesFile['service'],
  ) {
    this.namespaces = service === 'firebase.storage' ? { ...NAMESPACE_ARITY, ...CROSS_SERVICE_ARITY } : NAMESPACE_ARITY;
  }

  private syntax(message: string, at: Pos): never {
    throw new RulesSyntaxError(this.file, at.line, at.column, message);
  }

  private unsupported(message: string, at: Pos): never {
    throw new RulesUnsupportedError(this.file, at.line, at.column, message);
  }

  private arity(name: string, expected: number, got: number, at: Pos) {
    if (expected !== got) this.syntax(`${name}() takes ${plural(expected)}, not ${got}`, at);
  }

  expr(e: Expr, vars: ReadonlySet<string>, functions: ReadonlyMap<string, FunctionInfo>): void {
    const sub = (x: Expr) => this.expr(x, vars, functions);
    switch (e.kind) {
      case 'ident':
        if (vars.has(e.name) || GLOBALS.includes(e.name)) return;
        if (this.namespaces[e.name])
          this.syntax(`'${e.name}' is a namespace: call one of its functions, such as ${e.name}.${Object.keys(this.namespaces[e.name])[0]}(…)`, e.pos);
        if (CROSS_SERVICE_ARITY[e.name]) this.syntax(this.crossServiceOnly(e.name), e.pos);
        return this.syntax(`unknown variable '${e.name}'`, e.pos);
      case 'call': {
        const user = functions.get(e.name);
        if (user) this.arity(e.name, user.decl.params.length, e.args.length, e.pos);
        else if (this.service === 'firebase.storage' && FIRESTORE_READ_FUNCTIONS.has(e.name))
          this.syntax(
            `${e.name}() is a Cloud Firestore rules function, not available in Cloud Storage rules: read Firestore with firestore.get() or firestore.exists()`,
            e.pos,
          );
        else if (FUNCTION_ARITY[e.name] !== undefined) this.arity(e.name, FUNCTION_ARITY[e.name], e.args.length, e.pos);
        else this.unsupported(`unknown function '${e.name}' (not declared in scope here, and not a Firestore function this emulator supports)`, e.pos);
        break;
      }
      case 'method': {
        if (e.target.kind === 'ident' && !vars.has(e.target.name) && !this.namespaces[e.target.name] && CROSS_SERVICE_ARITY[e.target.name])
          this.syntax(this.crossServiceOnly(`${e.target.name}.${e.name}()`), e.pos);
        if (e.target.kind === 'ident' && this.namespaces[e.target.name] && !vars.has(e.target.name)) {
          const arity = this.namespaces[e.target.name][e.name];
          if (arity === undefined)
            this.unsupported(`unknown function '${e.target.name}.${e.name}' (supported: ${Object.keys(this.namespaces[e.target.name]).join(', ')})`, e.pos);
          this.arity(`${e.target.name}.${e.name}`, arity, e.args.length, e.pos);
          // The namespace is not a variable: only the arguments are expressions to check.
          return e.args.forEach(sub);
        }
        if (UNSUPPORTED_METHODS[e.name]) this.unsupported(UNSUPPORTED_METHODS[e.name], e.pos);
        const arity = METHOD_ARITY[e.name];
        if (arity === undefined) this.unsupported(`unknown method '${e.name}()'`, e.pos);
        this.arity(e.name, arity, e.args.length, e.pos);
        break;
      }
    }
    forEachChild(e, sub);
  }

  private crossServiceOnly(what: string): string {
    return `${what} is available in Cloud Storage rules only (service firebase.storage); Cloud Firestore rules read documents with get() and exists()`;
  }

  functions(decls: FunctionDecl[], scope: Scope) {
    const seen = new Map<string, FunctionDecl>();
    for (const f of decls) {
      const earlier = seen.get(f.name);
      if (earlier) this.syntax(`function '${f.name}' is already declared in this scope (at ${earlier.pos.line}:${earlier.pos.column})`, f.pos);
      seen.set(f.name, f);
      // A function sees its parameters, the lets before each point, and its scope's wildcards.
      const vars = new Set([...scope.variables, ...f.params]);
      const lets = new Set<string>();
      for (const l of f.lets) {
        if (f.params.includes(l.name) || lets.has(l.name)) this.syntax(`'${l.name}' is already defined in ${f.name}()`, l.pos);
        this.expr(l.value, vars, scope.functions);
        lets.add(l.name);
        vars.add(l.name);
      }
      this.expr(f.body, vars, scope.functions);
    }
  }

  block(b: CompiledBlock) {
    this.functions(b.node.functions, b);
    for (const a of b.node.allows) if (a.condition) this.expr(a.condition, b.variables, b.functions);
    b.children.forEach((c) => this.block(c));
  }
}

export function checkRules(functions: FunctionDecl[], compiled: CompiledRules, file: string, service: RulesFile['service'] = 'cloud.firestore'): void {
  const checker = new Checker(file, service);
  checker.functions(functions, compiled.service);
  compiled.blocks.forEach((b) => checker.block(b));
}
