// Load-time checks after parsing: every variable, function, method and namespace member a rule
// names must exist, with the right number of arguments. Cloud Firestore refuses such files when
// they are deployed; refusing them here (with line and column) beats a rule that silently denies.
import { forEachChild, type Expr, type FunctionDecl, type Pos } from './ast.ts';
import { FUNCTION_ARITY, NAMESPACE_ARITY } from './builtins.ts';
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
  constructor(private readonly file: string) {}

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
        if (NAMESPACE_ARITY[e.name])
          this.syntax(`'${e.name}' is a namespace: call one of its functions, such as ${e.name}.${Object.keys(NAMESPACE_ARITY[e.name])[0]}(…)`, e.pos);
        return this.syntax(`unknown variable '${e.name}'`, e.pos);
      case 'call': {
        const user = functions.get(e.name);
        if (user) this.arity(e.name, user.decl.params.length, e.args.length, e.pos);
        else if (FUNCTION_ARITY[e.name] !== undefined) this.arity(e.name, FUNCTION_ARITY[e.name], e.args.length, e.pos);
        else this.unsupported(`unknown function '${e.name}' (not declared in scope here, and not a Firestore function this emulator supports)`, e.pos);
        break;
      }
      case 'method': {
        if (e.target.kind === 'ident' && NAMESPACE_ARITY[e.target.name] && !vars.has(e.target.name)) {
          const arity = NAMESPACE_ARITY[e.target.name][e.name];
          if (arity === undefined)
            this.unsupported(`unknown function '${e.target.name}.${e.name}' (supported: ${Object.keys(NAMESPACE_ARITY[e.target.name]).join(', ')})`, e.pos);
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

export function checkRules(functions: FunctionDecl[], compiled: CompiledRules, file: string): void {
  const checker = new Checker(file);
  checker.functions(functions, compiled.service);
  compiled.blocks.forEach((b) => checker.block(b));
}
