import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { askErasureWrites, dueDate, erasureRequestId, isOverdue, refuseWrites, requestMailId } from './data-requests.ts';
import { responseDays } from '../content/response-days.ts';

const DAY = 86_400_000;

describe('data requests', () => {
  it('an erasure request is its mailbox’s SHA-256, upper-case hex, as firestore.rules computes it', async () => {
    const expected = `erasure-${createHash('sha256').update('jane@example.org').digest('hex').toUpperCase()}`;
    expect(await erasureRequestId('Jane+summit@Example.org')).toBe(expected);
  });

  it('is due its days after receipt, and overdue only while open', () => {
    const createdAt = new Date('2027-03-01T08:00:00Z');
    expect(dueDate({ createdAt, days: 14 })).toEqual(new Date(createdAt.getTime() + 14 * DAY));
    const late = new Date(createdAt.getTime() + 14 * DAY + 1);
    expect(isOverdue({ status: 'received', createdAt, days: 14 }, late)).toBe(true);
    expect(isOverdue({ status: 'approved', createdAt, days: 14 }, late)).toBe(true);
    expect(isOverdue({ status: 'received', createdAt, days: 14 }, new Date(createdAt.getTime() + 14 * DAY))).toBe(false);
    expect(isOverdue({ status: 'done', createdAt, days: 14 }, late)).toBe(false);
  });

  it('takes the settings’ response time only within its bounds', () => {
    expect(responseDays({ dataRequestDays: 7 })).toBe(7);
    for (const odd of [0, 15, 2.5, '7', null]) expect(responseDays({ dataRequestDays: odd })).toBe(14);
    expect(responseDays(null)).toBe(14);
  });

  it('asks with the "received" email in the same commit, to the address, as the next round', () => {
    const [request, mail] = askErasureWrites('erasure-X', 'Jane+s@Example.org', true, 14, { round: 2 }) as Array<{
      set: string;
      data: Record<string, unknown>;
    }>;
    expect(request.data).toMatchObject({ address: 'jane@example.org', email: 'jane+s@example.org', round: 3, keepCertificate: true, status: 'received' });
    expect(mail.set).toBe(`mail/${requestMailId('erasure-X', 3, 'received')}`);
    expect(mail.data).toMatchObject({
      to: 'jane+s@example.org',
      template: { name: 'data-request-received', data: { reference: 'erasure-X', kind: 'erasure', days: 14 } },
    });
  });

  it('a refusal trims its reason and quotes it in the email', () => {
    const writes = refuseWrites({ id: 'r', round: 1, email: 'a@b.org', kind: 'access', days: 14 }, '  Not ours.  ', 'admin@x.org') as Array<{
      data: Record<string, unknown>;
    }>;
    expect(writes[0].data).toMatchObject({ status: 'refused', reason: 'Not ours.', actedBy: 'admin@x.org' });
    expect(writes[1].data).toMatchObject({ template: { name: 'data-request-refused', data: { reason: 'Not ours.' } } });
  });
});
