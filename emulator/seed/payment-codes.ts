// Payment codes for seeded records (the demo, the back-office bench): the n-th seeded record gets
// a code of its own, the same on every seed, each claimed as the site claims one
// (src/data/payment-codes.ts). Seeds write past the rules, so they bring the claims themselves.
import { newPaymentCode, paymentCodePath } from '../../src/data/payment-codes.ts';
import type { PayableCollection } from '../../src/data/collections.ts';

const CODES = 1 << 20; // 32^4 bodies

/**
 * The n-th seeded code: n scrambled by an odd multiplier modulo 2^20 (a bijection, so distinct n
 * give distinct codes up to a million), its four 5-bit groups as the body.
 */
export function seededPaymentCode(n: number): string {
  const x = (((n * 0x9e3b5 + 0x2b7c1) % CODES) + CODES) % CODES;
  return newPaymentCode(() => Uint8Array.from([x >> 15, x >> 10, x >> 5, x].map((v) => v & 31)));
}

type Doc = [path: string, data: Record<string, unknown>];

/**
 * Gives every registration and application among `docs` a code (numbered from `first`, in order)
 * and returns the claims to write with them.
 */
export function withSeededPaymentCodes(docs: Doc[], first = 0): Doc[] {
  const claims: Doc[] = [];
  for (const entry of docs) {
    const [collection, id] = entry[0].split('/');
    if ((collection !== 'registrations' && collection !== 'partners') || entry[0].split('/').length !== 2) continue;
    const code = seededPaymentCode(first + claims.length);
    entry[1] = { ...entry[1], paymentCode: code };
    claims.push([paymentCodePath(code), { collection: collection satisfies PayableCollection, recordId: id }]);
  }
  return claims;
}
