import { describe, expect, it, vi } from 'vitest';
import {
  checkSymbol,
  claimPaymentCode,
  findMistypedCodes,
  findPaymentCodes,
  isPaymentCode,
  newPaymentCode,
  NoFreePaymentCodeError,
  PAYMENT_CODE_ALPHABET,
  paymentCodePath,
  readPaymentCode,
} from './payment-codes.ts';

const fixed = (bytes: number[]) => () => Uint8Array.from(bytes);

describe('payment codes', () => {
  it('draws four symbols and a check symbol, never 0, O, 1 or I', () => {
    for (let i = 0; i < 500; i++) {
      const code = newPaymentCode();
      expect(code).toMatch(/^NCS-[2-9A-HJ-NP-Z]{5}$/);
      expect(isPaymentCode(code)).toBe(true);
    }
    expect(PAYMENT_CODE_ALPHABET).toHaveLength(32);
    expect(PAYMENT_CODE_ALPHABET).not.toMatch(/[01OI]/);
  });

  it('uses the low five bits of each random byte', () => {
    // 0 → "2", 31 → "Z", 32 + 5 → index 5 → "7", 255 → "Z"
    expect(newPaymentCode(fixed([0, 31, 37, 255])).slice(0, 8)).toBe('NCS-2Z7Z');
  });

  it('has a check symbol that catches every single substitution and every swap of neighbours', () => {
    const body = '7K2Q';
    const code = `NCS-${body}${checkSymbol(body)}`;
    expect(isPaymentCode(code)).toBe(true);
    const symbols = code.slice(4).split('');
    for (let i = 0; i < symbols.length; i++) {
      for (const other of PAYMENT_CODE_ALPHABET) {
        if (other === symbols[i]) continue;
        const changed = [...symbols];
        changed[i] = other;
        expect(isPaymentCode(`NCS-${changed.join('')}`), `${i}:${other}`).toBe(false);
      }
      if (i + 1 < symbols.length && symbols[i] !== symbols[i + 1]) {
        const swapped = [...symbols];
        [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
        expect(isPaymentCode(`NCS-${swapped.join('')}`)).toBe(false);
      }
    }
  });

  it('refuses symbols outside the alphabet when computing a check', () => {
    expect(() => checkSymbol('7K0Q')).toThrow('"0" is not a payment-code symbol.');
  });

  it('reads a typed code whatever the case, spacing, dashes or missing prefix', () => {
    const code = `NCS-7K2Q${checkSymbol('7K2Q')}`;
    const tail = code.slice(4);
    for (const typed of [
      code,
      code.toLowerCase(),
      `ncs ${tail}`,
      `NCS${tail}`,
      ` ${tail.toLowerCase()} `,
      `N C S - ${tail.split('').join(' ')}`,
      `${tail.slice(0, 4)}-${tail[4]}`,
    ])
      expect(readPaymentCode(typed), typed).toBe(code);
  });

  it('reads nothing from a wrong check symbol, a wrong length, ambiguous symbols or another prefix', () => {
    const check = checkSymbol('7K2Q');
    const wrong = PAYMENT_CODE_ALPHABET[(PAYMENT_CODE_ALPHABET.indexOf(check) + 1) % 32];
    for (const typed of [`NCS-7K2Q${wrong}`, 'NCS-7K2Q', `NCS-7K2Q${check}2`, `NCS-7K0Q${check}`, `NCS-7KOQ${check}`, `ABC-7K2Q${check}`, '', '-----', 'NCS'])
      expect(readPaymentCode(typed), typed).toBeNull();
  });

  it('finds the codes quoted in free text, only after the prefix, each once', () => {
    const a = `NCS-7K2Q${checkSymbol('7K2Q')}`;
    const b = `NCS-ABCD${checkSymbol('ABCD')}`;
    expect(findPaymentCodes(`Pay Bill from 254712345678 - JANE W Acc. ${a.toLowerCase().replace('-', ' ')}`)).toEqual([a]);
    expect(findPaymentCodes(`${a.replace('-', '')} and ${b}, again ${a}`)).toEqual([a, b]);
    expect(findPaymentCodes(`account ${a.slice(4)}`)).toEqual([]); // no prefix: not a code in free text
    expect(findPaymentCodes(`${a}XYZ`)).toEqual([]); // part of a longer word
    expect(findPaymentCodes(`NCS-7K2Q${checkSymbol('7K2Q') === 'Z' ? 'Y' : 'Z'}`)).toEqual([]);
    expect(findPaymentCodes(`NCS: 7K2Q ${checkSymbol('7K2Q')}`)).toEqual([a]);
  });

  it('finds the mistyped codes a line quotes, as typed, and never a valid one', () => {
    const wrong = checkSymbol('7K2Q') === 'Z' ? 'Y' : 'Z';
    expect(findMistypedCodes(`Acc ncs-7k2q${wrong.toLowerCase()}, again NCS-7K2Q${wrong} and NCS-7K2Q${checkSymbol('7K2Q')}`)).toEqual([
      `ncs-7k2q${wrong.toLowerCase()}`,
      `NCS-7K2Q${wrong}`,
    ]);
    expect(findMistypedCodes('NCS-7K2Q and 7K2QZ and NCSX')).toEqual([]);
  });
});

describe('claiming a code in the record’s own transaction', () => {
  const codes = (...list: string[]) => {
    const queue = [...list];
    return () => queue.shift()!;
  };
  const taken = (...held: string[]) => vi.fn(async (path: string) => (held.map(paymentCodePath).includes(path) ? { id: path.split('/')[1] } : null));

  it('reads the drawn code’s claim and returns the code with the write that claims it for the record', async () => {
    const read = taken();
    const claim = await claimPaymentCode({ collection: 'registrations', recordId: 'R1' }, read, codes('NCS-7K2QD'));
    expect(claim).toEqual({ code: 'NCS-7K2QD', write: { set: 'paymentCodes/NCS-7K2QD', data: { collection: 'registrations', recordId: 'R1' } } });
    expect(read).toHaveBeenCalledWith('paymentCodes/NCS-7K2QD');
  });

  it('draws again while the code is taken', async () => {
    const read = taken('NCS-7K2QD', 'NCS-P4TXM');
    const claim = await claimPaymentCode({ collection: 'partners', recordId: 'P1' }, read, codes('NCS-7K2QD', 'NCS-P4TXM', 'NCS-2Z7ZX'));
    expect(claim.code).toBe('NCS-2Z7ZX');
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('takes a refused read for a held code (a visitor may read only a code nobody holds), and passes other failures on', async () => {
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
    const read = vi.fn(async (path: string) => {
      if (path === paymentCodePath('NCS-7K2QD')) throw denied;
      return null;
    });
    const claim = await claimPaymentCode({ collection: 'partners', recordId: 'P1' }, read, codes('NCS-7K2QD', 'NCS-P4TXM'));
    expect(claim.code).toBe('NCS-P4TXM');
    const offline = Object.assign(new Error('offline'), { code: 'unavailable' });
    await expect(claimPaymentCode({ collection: 'partners', recordId: 'P1' }, async () => Promise.reject(offline), codes('NCS-7K2QD'))).rejects.toBe(offline);
  });

  it('gives up after a bounded number of draws rather than loop', async () => {
    const read = vi.fn(async () => ({ id: 'x' }));
    await expect(claimPaymentCode({ collection: 'partners', recordId: 'P1' }, read, () => 'NCS-7K2QD', 4)).rejects.toBeInstanceOf(NoFreePaymentCodeError);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('draws fresh codes by default', async () => {
    const { code } = await claimPaymentCode({ collection: 'registrations', recordId: 'R1' }, taken());
    expect(isPaymentCode(code)).toBe(true);
  });
});
