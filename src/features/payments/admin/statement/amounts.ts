// Money on a statement, in integer minor units (cents): "1,500.00" → 150000. Sums of floats drift
// (0.1 + 0.2), and a payment that falls short by a rounding error must not read as "partial", so
// nothing here multiplies or adds fractional numbers after parsing.

export type AmountResult = { minor: number } | { error: string };

/** The largest amount a statement line may carry (a billion units): beyond it, a misread column. */
const MAX_MINOR = 100_000_000_000;

// Digits grouped by commas in threes ("1,500,000") or not grouped at all, an optional fraction of
// at most two digits. A dot followed by three digits after a comma group ("1,500.000") is rejected
// by the two-digit limit; "1.500,00" (dot groups, comma decimals) by the comma-group rule.
const PLAIN = /^(\d+)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/** A currency before or after the number: "KES", "KSh.", "USD", "$", "€"… */
const withoutCurrency = (text: string) =>
  text
    .trim()
    .replace(/^(?:[A-Za-z]{1,4}\.?|[$€£])\s*/, '')
    .replace(/\s*(?:[A-Za-z]{1,4}\.?|[$€£])$/, '');

/**
 * A statement's amount cell as minor units. A currency code or symbol before or after the number
 * is ignored ("KES 1,500.50", "1500 Ksh"); "(200.00)" and "-200" are negative (a debit, for the
 * caller to skip). Rejected with a reason: "1.500,00"-style decimals, more than two decimals, text.
 */
export function parseAmount(cell: string | number): AmountResult {
  if (typeof cell === 'number') return amountOfNumber(cell);
  let text = cell.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (!text) return { error: 'The amount is empty.' };
  let negative = false;
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) {
    negative = true;
    text = bracketed[1].trim();
  }
  text = withoutCurrency(text);
  if (/^[-−]/.test(text)) {
    negative = !negative;
    text = withoutCurrency(text.slice(1));
  } else if (text.startsWith('+')) text = withoutCurrency(text.slice(1));
  if (/-$/.test(text)) {
    // Some banks print debits as "200.00-".
    negative = !negative;
    text = text.slice(0, -1).trim();
  }
  const match = PLAIN.exec(text) ?? GROUPED.exec(text);
  if (!match) {
    if (/^\d{1,3}(\.\d{3})+,\d*$/.test(text) || /^\d+,\d{1,2}$/.test(text)) {
      return { error: `"${cell.trim()}" uses a comma for decimals; export the statement with a dot for decimals (1,500.00).` };
    }
    return { error: `"${cell.trim()}" is not an amount.` };
  }
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: `"${cell.trim()}" has more than two decimals.` };
  const whole = match[1].replace(/,/g, '');
  const digits = `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_MINOR).length || Number(digits) > MAX_MINOR) return { error: `"${cell.trim()}" is too large to be a payment.` };
  const minor = Number(digits);
  return { minor: negative && minor !== 0 ? -minor : minor };
}

/** A spreadsheet's numeric cell: at most two decimals, read back without float drift. */
function amountOfNumber(value: number): AmountResult {
  if (!Number.isFinite(value)) return { error: 'The amount is not a number.' };
  const minor = Math.round(value * 100);
  // 1500.5 * 100 may be 150049.99999999997: rounding recovers the cents; a third decimal shows as a gap.
  if (Math.abs(value * 100 - minor) > 1e-3) return { error: `${value} has more than two decimals.` };
  if (Math.abs(minor) > MAX_MINOR) return { error: `${value} is too large to be a payment.` };
  return { minor: minor === 0 ? 0 : minor };
}

/** Whole or fractional currency units (a record's fee, its amountReceived) as minor units. */
export function unitsToMinor(units: number): number {
  if (!Number.isFinite(units)) return 0;
  return Math.round(units * 100);
}
