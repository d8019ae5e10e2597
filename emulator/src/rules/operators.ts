// Binary and unary operators on rules values. Ints are 64-bit: overflow and division by zero are
// errors (so a deny), as in Firestore; mixing an int and a float gives a float.
import type { BinaryOp } from './ast.ts';
import { evaluationError } from './errors.ts';
import { checkedInt, compare, contains, equals, isNumber, RDuration, RMap, RSet, RTimestamp, RUnknown, typeName, type RValue } from './values.ts';

function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: RValue, b: RValue): RValue {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    switch (op) {
      case '+':
        return checkedInt(a + b);
      case '-':
        return checkedInt(a - b);
      case '*':
        return checkedInt(a * b);
      case '/':
        if (b === 0n) return evaluationError('division by zero');
        return checkedInt(a / b); // truncates toward zero
      case '%':
        if (b === 0n) return evaluationError('modulo by zero');
        return a % b;
    }
  }
  if (isNumber(a) && isNumber(b)) {
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        if (y === 0) return evaluationError('division by zero');
        return x / y;
      case '%':
        if (y === 0) return evaluationError('modulo by zero');
        return x % y;
    }
  }
  if (op === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
  if (a instanceof RTimestamp && b instanceof RDuration && (op === '+' || op === '-')) {
    return RTimestamp.fromNanos(op === '+' ? a.totalNanos + b.nanos : a.totalNanos - b.nanos);
  }
  if (a instanceof RDuration && b instanceof RTimestamp && op === '+') return RTimestamp.fromNanos(b.totalNanos + a.nanos);
  if (a instanceof RTimestamp && b instanceof RTimestamp && op === '-') return new RDuration(a.totalNanos - b.totalNanos);
  if (a instanceof RDuration && b instanceof RDuration && (op === '+' || op === '-')) {
    return new RDuration(op === '+' ? a.nanos + b.nanos : a.nanos - b.nanos);
  }
  if (a instanceof RUnknown) return a.use();
  if (b instanceof RUnknown) return b.use();
  return evaluationError(`cannot apply '${op}' to ${typeName(a)} and ${typeName(b)}`);
}

function membership(needle: RValue, haystack: RValue): boolean {
  if (Array.isArray(haystack)) return contains(haystack, needle);
  if (haystack instanceof RSet) return contains(haystack.items, needle);
  if (haystack instanceof RMap) {
    if (typeof needle !== 'string') return evaluationError(`map keys are strings, not ${typeName(needle)}`);
    // A key the query pins down is known to be there; absence cannot be known of a partial map.
    if (haystack.entries.has(needle)) return true;
    haystack.whole(`'${needle}' in …`);
    return false;
  }
  return evaluationError(`'in' needs a list, set or map, not ${typeName(haystack)}`);
}

export function binary(op: BinaryOp, a: RValue, b: RValue): RValue {
  switch (op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case '<':
      return compare(a, b) < 0;
    case '<=':
      return compare(a, b) <= 0;
    case '>':
      return compare(a, b) > 0;
    case '>=':
      return compare(a, b) >= 0;
    case 'in':
      return membership(a, b);
    default:
      return arithmetic(op, a, b);
  }
}

export function negate(v: RValue): RValue {
  if (typeof v === 'bigint') return checkedInt(-v);
  if (typeof v === 'number') return -v;
  if (v instanceof RDuration) return new RDuration(-v.nanos);
  if (v instanceof RUnknown) return v.use();
  return evaluationError(`cannot negate ${typeName(v)}`);
}

export function not(v: RValue): boolean {
  if (typeof v !== 'boolean') return evaluationError(`'!' needs a bool, not ${typeName(v)}`);
  return !v;
}
