// Invoice arithmetic in integer minor units (cents), so a total never drifts by a floating-point
// cent: amounts are entered with at most two decimals, converted once, then only added and
// multiplied as integers. Rounding is half up, as a person checking the invoice by hand would do.

export interface LineInput {
  quantity: number;
  unitPrice: number;
}

export interface InvoiceTotals {
  /** Each line's amount, in the order given. */
  linesMinor: number[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** 12.34 → 1234. Inputs carry at most two decimals (the form checks), so rounding only removes float noise. */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/** a / b rounded half up, for non-negative integers (BigInt: quantity × price × rate may pass 2^53). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** quantity (two decimals) × unit price, in minor units. */
export function lineMinor({ quantity, unitPrice }: LineInput): number {
  return Number(divideHalfUp(BigInt(toMinor(quantity)) * BigInt(toMinor(unitPrice)), 100n));
}

/** Tax on the subtotal at a percentage with up to two decimals (16 → 16 %, 7.5 → 7.5 %). */
export function taxMinor(subtotalMinor: number, taxRatePercent: number): number {
  return Number(divideHalfUp(BigInt(subtotalMinor) * BigInt(toMinor(taxRatePercent)), 10_000n));
}

export function invoiceTotals(lines: LineInput[], taxRatePercent: number): InvoiceTotals {
  const linesMinor = lines.map(lineMinor);
  const subtotalMinor = linesMinor.reduce((a, b) => a + b, 0);
  const tax = taxMinor(subtotalMinor, taxRatePercent);
  return { linesMinor, subtotalMinor, taxMinor: tax, totalMinor: subtotalMinor + tax };
}
