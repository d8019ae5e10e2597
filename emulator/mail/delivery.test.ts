import { describe as group, expect, it } from 'vitest';
import { afterAttempt, BACKOFF_MS, describe, isTransient, LEASE_MS, MAX_ATTEMPTS, nextStep, type Delivery } from './delivery.ts';

const now = new Date('2027-02-01T09:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const info = { messageId: '<m@x>', accepted: ['a@example.org'], rejected: [], pending: [], response: '250 OK' };
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1025'), { code: 'ECONNREFUSED' });

group('the next step for a mail document', () => {
  it('a new document (no delivery) starts PENDING with no attempt', () => {
    expect(nextStep(undefined, now)).toEqual({ kind: 'start', delivery: { state: 'PENDING', attempts: 0, startTime: now, error: null, roundStart: 0 } });
  });

  it('PENDING is claimed for a minute; a PENDING waiting for its retry time waits', () => {
    expect(nextStep({ state: 'PENDING', attempts: 0 }, now)).toMatchObject({
      kind: 'claim',
      delivery: { state: 'PROCESSING', leaseExpireTime: later(LEASE_MS) },
    });
    expect(nextStep({ state: 'PENDING', attempts: 1, nextAttemptTime: later(1) }, now)).toEqual({ kind: 'wait' });
    expect(nextStep({ state: 'PENDING', attempts: 1, nextAttemptTime: now }, now).kind).toBe('claim');
  });

  it('PROCESSING under a live lease waits; an expired lease (a worker that died) is taken over', () => {
    expect(nextStep({ state: 'PROCESSING', attempts: 0, leaseExpireTime: later(1) }, now)).toEqual({ kind: 'wait' });
    expect(nextStep({ state: 'PROCESSING', attempts: 0, leaseExpireTime: now }, now).kind).toBe('claim');
  });

  it('RETRY (staff’s resend) is claimed and starts a new round, attempts kept', () => {
    expect(nextStep({ state: 'RETRY', attempts: 3 }, now)).toMatchObject({ kind: 'claim', delivery: { state: 'PROCESSING', attempts: 3, roundStart: 3 } });
  });

  it('SUCCESS and ERROR are final', () => {
    expect(nextStep({ state: 'SUCCESS', attempts: 1 }, now)).toEqual({ kind: 'done' });
    expect(nextStep({ state: 'ERROR', attempts: 3 }, now)).toEqual({ kind: 'done' });
  });
});

group('after an attempt', () => {
  const claimed: Delivery = { state: 'PROCESSING', attempts: 0, roundStart: 0, startTime: now, leaseExpireTime: later(LEASE_MS) };

  it('success: SUCCESS with the SMTP server’s answer, the attempt counted, the lease released', () => {
    expect(afterAttempt(claimed, { ok: true, info }, later(10))).toMatchObject({
      state: 'SUCCESS',
      attempts: 1,
      endTime: later(10),
      error: null,
      leaseExpireTime: null,
      info,
    });
  });

  it('a transient failure waits and tries again, with a growing wait, then ERROR after MAX_ATTEMPTS in the round', () => {
    let d = claimed;
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      d = afterAttempt({ ...d, state: 'PROCESSING' }, { ok: false, error: refused }, now);
      expect(d).toMatchObject({
        state: 'PENDING',
        attempts: i,
        error: 'Error: connect ECONNREFUSED 127.0.0.1:1025',
        nextAttemptTime: later(BACKOFF_MS[i - 1]),
      });
    }
    d = afterAttempt({ ...d, state: 'PROCESSING' }, { ok: false, error: refused }, now);
    expect(d).toMatchObject({ state: 'ERROR', attempts: MAX_ATTEMPTS, nextAttemptTime: null });
  });

  it('after staff’s RETRY the round starts again from the attempts made', () => {
    const again = afterAttempt({ ...claimed, attempts: 3, roundStart: 3 }, { ok: false, error: refused }, now);
    expect(again).toMatchObject({ state: 'PENDING', attempts: 4 });
  });

  it('a permanent failure (a broken template, a refused recipient) is ERROR at once', () => {
    expect(afterAttempt(claimed, { ok: false, error: new Error("Tried to render non-existent template 'x'") }, now)).toMatchObject({
      state: 'ERROR',
      attempts: 1,
      error: "Error: Tried to render non-existent template 'x'",
    });
    expect(afterAttempt(claimed, { ok: false, error: Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }) }, now).state).toBe('ERROR');
  });
});

group('which failures are worth trying again', () => {
  it.each([
    ['connection refused', { code: 'ECONNREFUSED' }, true],
    ['connection timed out', { code: 'ETIMEDOUT' }, true],
    ['nodemailer’s connection error', { code: 'ECONNECTION' }, true],
    ['a 421 (service not available)', { responseCode: 421 }, true],
    ['a 451 (local error, try later)', { responseCode: 451 }, true],
    ['a 550 (mailbox unavailable)', { responseCode: 550 }, false],
    ['a 554 (transaction failed)', { responseCode: 554 }, false],
    ['an invalid address', { code: 'EENVELOPE' }, false],
    ['a template error', new Error('Parse error'), false],
    ['nothing at all', undefined, false],
  ])('%s: %s', (_, error, transient) => {
    expect(isTransient(error)).toBe(transient);
  });

  it('records an error on one line, as the extension’s error.toString()', () => {
    expect(describe(new TypeError('bad\nsecond line'))).toBe('TypeError: bad');
    expect(describe('plain')).toBe('plain');
  });
});
