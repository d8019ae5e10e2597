import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAS_DIGIT_PATTERN, TRANSACTION_CODE_PATTERNS, transactionCodeProblem } from './transaction-codes.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

describe('a visitor’s transaction code', () => {
  it('has the very grammar firestore.rules checks', () => {
    expect(rules).toContain(
      `v.matches(method == 'mobile-money' ? '${TRANSACTION_CODE_PATTERNS['mobile-money']}' : '${TRANSACTION_CODE_PATTERNS['bank-transfer']}') && v.matches('${HAS_DIGIT_PATTERN}')`,
    );
  });

  it.each([
    ['mobile-money', 'QWE12345RT', true],
    ['mobile-money', '1234567890', true],
    ['mobile-money', 'QWERTYUIOP', false],
    ['mobile-money', 'qwe12345rt', false],
    ['bank-transfer', 'FT1234', true],
    ['bank-transfer', `FT${'1'.repeat(22)}`, true],
    ['bank-transfer', `FT${'1'.repeat(23)}`, false],
    ['bank-transfer', 'FT 1234', false],
  ] as const)('%s %j: %s', (method, code, ok) => {
    expect(transactionCodeProblem(method, code) === null).toBe(ok);
  });
});
