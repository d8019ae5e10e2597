import { describe, expect, it } from 'vitest';
import { ServerValue } from '../lib/db-shapes.ts';
import {
  addressPattern,
  anonymisedRegistration,
  documentsTouched,
  emptyFootprint,
  ERASED_MARK,
  namesOf,
  planErasure,
  withoutAddress,
  type Footprint,
} from './erasure-plan.ts';

const empty: Footprint = emptyFootprint('erasure-ABC', 'jane.doe@example.org');

const registration = {
  id: 'RegAbc',
  fullName: 'Jane Doe',
  email: 'jane.doe@example.org',
  phone: '+254 700 000 001',
  organisation: 'KNH',
  jobTitle: 'Nurse',
  country: 'Kenya',
  accessibilityNeeds: 'Wheelchair',
  dietaryNeeds: 'Halal',
  searchTokens: ['jane', 'doe', 'jane.doe@example.org', 'regabc', 'ncs-7k2qd'],
  paymentCode: 'NCS-7K2QD',
  fee: 15000,
  status: 'confirmed',
  paymentStatus: 'paid',
  receivedMinor: 1500000,
  seat: '12',
  seatClaim: 'c1',
};

const paths = (f: Footprint) =>
  planErasure(f).flatMap((c) => c.writes.map((w) => ('set' in w ? `set ${w.set}` : 'update' in w ? `update ${w.update}` : `delete ${w.delete}`)));

describe('planErasure', () => {
  it('plans nothing for an address with nothing held', () => {
    expect(planErasure(empty)).toEqual([]);
  });

  it('anonymises a registration, keeping its id, amounts, states, seat and code, with its checkout in step', () => {
    const [commit] = planErasure({ ...empty, registrations: [registration] });
    const [record, checkout] = commit.writes as Array<{ update?: string; set?: string; data: Record<string, unknown> }>;
    expect(record.update).toBe('registrations/RegAbc');
    expect(record.data).toMatchObject({ fullName: 'Erased', email: '', phone: '', organisation: '', accessibilityNeeds: '', dietaryNeeds: '' });
    expect(record.data.searchTokens).toEqual(['regabc', 'ncs-7k2qd']);
    expect(record.data.erasedBy).toBe('erasure-ABC');
    expect(record.data.erasedAt).toBeInstanceOf(ServerValue);
    // Nothing about money or the seat is written at all.
    for (const kept of ['fee', 'status', 'paymentStatus', 'receivedMinor', 'seat', 'seatClaim', 'paymentCode']) expect(record.data).not.toHaveProperty(kept);
    expect(checkout).toMatchObject({ set: 'checkouts/RegAbc', data: { fullName: 'Erased', email: '', fee: 15000, paymentStatus: 'paid', seat: '12' } });
  });

  it('writes a paymentNote only where the record has one', () => {
    expect(anonymisedRegistration({ id: 'a' }, 'r')).not.toHaveProperty('paymentNote');
    expect(anonymisedRegistration({ id: 'a', paymentNote: 'Paid by Jane' }, 'r')).toMatchObject({ paymentNote: '' });
  });

  it('does the documents that find the person through a registration before the registration itself', () => {
    const order = paths({
      ...empty,
      registrations: [registration],
      payments: [{ id: 'p1', targetId: 'RegAbc' }],
      statementLines: [{ id: 'L1', targetId: 'RegAbc' }],
      certificates: [{ id: 'c1', status: 'valid', fullName: 'Jane Doe', email: 'jane.doe@example.org' }],
      evaluations: [{ id: 'RegAbc_2027-03-10', email: 'jane.doe@example.org' }],
    });
    expect(order.at(-2)).toBe('update registrations/RegAbc');
    expect(order.indexOf('update payments/p1')).toBeLessThan(order.indexOf('update registrations/RegAbc'));
  });

  it('keeps a certificate verifiable with its name when chosen, else revokes a valid one as erased', () => {
    const cert = { id: 'c1', status: 'valid', fullName: 'Jane Doe', email: 'jane.doe@example.org' };
    const kept = planErasure({ ...empty, keepCertificate: true, certificates: [cert] })[0].writes;
    expect(kept[0]).toEqual({ update: 'certificates/c1', data: { email: '', erasedBy: 'erasure-ABC', erasedAt: expect.any(ServerValue) } });
    expect(kept[1]).toMatchObject({ update: 'certificateChecks/c1', data: { fullName: 'Jane Doe', status: 'valid' } });
    const revoked = planErasure({ ...empty, certificates: [cert] })[0].writes;
    expect(revoked[0]).toMatchObject({ data: { fullName: 'Erased', email: '', status: 'revoked', revokeReason: "Erased at the attendee's request" } });
    expect(revoked[1]).toMatchObject({ update: 'certificateChecks/c1', data: { fullName: 'Erased', status: 'revoked', revokedAt: expect.any(ServerValue) } });
  });

  it('does not revoke again a certificate already revoked (its time and reason stay)', () => {
    const writes = planErasure({ ...empty, certificates: [{ id: 'c1', status: 'revoked', fullName: 'Jane', email: 'x@y.org', revokedAt: new Date() }] })[0]
      .writes;
    expect((writes[0] as { data: object }).data).not.toHaveProperty('revokedAt');
    expect((writes[1] as { data: object }).data).not.toHaveProperty('revokedAt');
  });

  it('deletes messages, live and archived, and anonymises pledges, keeping their money; an erased pledge plans nothing', () => {
    const f = {
      ...empty,
      messages: [{ id: 'm1', email: 'Jane.Doe@Example.org' }],
      archivedMessages: [{ id: 'm0', email: 'jane.doe@example.org' }],
      donations: [
        { id: 'd1', email: 'jane.doe@example.org', amount: 5000 },
        { id: 'd2', email: '', erasedBy: 'erasure-ABC' },
      ],
      archivedDonations: [{ id: 'd0', email: 'jane.doe+2026@example.org', amount: 1000 }],
    };
    expect(paths(f)).toEqual(['delete messages/m1', 'delete archive/messages/items/m0', 'update donations/d1', 'update archive/donations/items/d0']);
    expect(planErasure(f)[2].writes[0]).toEqual({
      update: 'donations/d1',
      data: { name: 'Erased', email: '', message: '', erasedBy: 'erasure-ABC', erasedAt: expect.any(ServerValue) },
    });
  });

  it('deletes a waiting entry with the count moved, then clears the address from the count', () => {
    const plan = paths({ ...empty, waitlist: { id: 'jane.doe@example.org', status: 'waiting' }, waitlistCounter: { waiting: 3, lastAddress: 'x@y.org' } });
    expect(plan).toEqual(['delete waitlist/jane.doe@example.org', 'update counters/waitlist', 'update counters/waitlist']);
    // A withdrawn entry moves no count; a count naming someone else is left alone.
    expect(paths({ ...empty, waitlist: { id: 'jane.doe@example.org', status: 'withdrawn' }, waitlistCounter: { waiting: 0, lastAddress: 'x@y.org' } })).toEqual(
      ['delete waitlist/jane.doe@example.org'],
    );
  });

  it('rewrites a log line: each name (naming its registration), then the address; a line naming neither is left', () => {
    const plan = planErasure({
      ...empty,
      registrations: [registration],
      logs: [
        { id: 'l1', message: 'Issued CPD certificate c1 to Jane Doe (JANE.DOE+summit@Example.org)' },
        { id: 'l2', message: 'Published an event' },
      ],
    }).filter((c) => c.what.includes('logs/'));
    expect(plan.map((c) => c.writes[0])).toEqual([
      {
        update: 'logs/l1',
        data: { message: 'Issued CPD certificate c1 to [erased] (JANE.DOE+summit@Example.org)', erasedBy: 'erasure-ABC', erasedRecord: 'RegAbc' },
      },
      { update: 'logs/l1', data: { message: 'Issued CPD certificate c1 to [erased] ([erased])', erasedBy: 'erasure-ABC' } },
    ]);
  });

  it('takes the author’s address off the lines the person wrote as an attendee (their corrections), never off staff’s', () => {
    const correction = {
      id: 'l3',
      message: 'Registration NCS-7K2QD corrected by its attendee: name.',
      userEmail: 'Jane.Doe+x@example.org',
      registrationId: 'RegAbc',
    };
    const staffLine = { id: 'l4', message: 'Published an event', userEmail: 'jane.doe@example.org' };
    const plan = planErasure({ ...empty, logs: [correction, staffLine, { ...correction, id: 'l5', userEmail: 'someone@example.org' }] });
    expect(plan.flatMap((c) => c.writes)).toEqual([{ update: 'logs/l3', data: { userEmail: ERASED_MARK, erasedBy: 'erasure-ABC' } }]);
    // Once done, nothing again.
    expect(planErasure({ ...empty, logs: [{ ...correction, userEmail: ERASED_MARK }] })).toEqual([]);
  });

  it('plans nothing again for documents an interrupted run already erased', () => {
    const done = { erasedBy: 'erasure-ABC' };
    expect(
      planErasure({
        ...empty,
        registrations: [{ ...registration, ...done }],
        payments: [{ id: 'p', ...done }],
        certificates: [{ id: 'c', status: 'revoked', ...done }],
      }),
    ).toEqual([]);
  });

  it('clears the address from the seat move of the slot offered to the entry, keeping the other holder', () => {
    const registration = { collection: 'registrations', id: 'R2' };
    const plan = planErasure({
      ...empty,
      seatMoves: [
        { id: '7', from: { collection: 'waitlist', id: 'jane.doe@example.org' }, to: registration },
        { id: '8', from: null, to: { collection: 'waitlist', id: 'someone@example.org' } },
      ],
    });
    expect(plan.map((c) => c.writes)).toEqual([[{ set: 'seatMoves/7', data: { from: null, to: registration, at: expect.any(ServerValue) } }]]);
  });

  it('deletes each abstract after its blind copies, taking down its public copy unless the retention keeps it', () => {
    const abstracts = [{ id: 'a1' }, { id: 'a2' }];
    const blindCopies = [
      { id: 'a1__r@x.test', abstractId: 'a1' },
      { id: 'a1__s@x.test', abstractId: 'a1' },
      { id: 'other__r@x.test', abstractId: 'other' },
    ];
    const f = { ...empty, abstracts, blindCopies, outcomes: [{ id: 'a1' }], published: ['a1'] };
    expect(planErasure(f).map((c) => c.what)).toEqual([
      'delete abstractOutcomes/a1',
      'delete blindAbstracts/a1__r@x.test',
      'delete blindAbstracts/a1__s@x.test',
      'take down publishedAbstracts/a1',
      'delete abstracts/a1',
      'delete abstracts/a2',
    ]);
    expect(paths(f)).toContain('delete publishedAbstractTexts/a1');
    // A copy of another person's abstract is never planned, and the retention leaves the public copy.
    expect(paths(f).some((p) => p.includes('other'))).toBe(false);
    expect(paths({ ...f, keepPublished: true }).filter((p) => p.includes('published'))).toEqual([]);
  });

  it('counts each document once however many commits touch it', () => {
    expect(documentsTouched(planErasure({ ...empty, waitlist: { id: 'a', status: 'waiting' } }))).toBe(2);
  });
});

describe('the address in free text', () => {
  it('is found with a +tag and in any case, and nothing that only looks like it', () => {
    expect(withoutAddress('to Jane.Doe+x@EXAMPLE.org and jane.doe@example.org.', 'jane.doe@example.org')).toBe(`to ${ERASED_MARK} and ${ERASED_MARK}.`);
    // A dot is a dot: janexdoe@… is someone else.
    expect(withoutAddress('janexdoe@example.org', 'jane.doe@example.org')).toBe('janexdoe@example.org');
  });

  it('is the pattern firestore.rules builds (dots as classes, a leading (?i))', () => {
    expect(addressPattern('jane.doe@mail.example.org')).toBe('(?i)jane[.]doe([+][^@ ]*)?@mail[.]example[.]org');
  });

  it('names are taken from registrations not yet erased, two characters or more', () => {
    expect(
      namesOf({
        registrations: [
          { id: 'a', fullName: 'J' },
          { id: 'b', fullName: 'Jo' },
        ],
        archivedRegistrations: [{ id: 'c', fullName: 'X Y', erasedBy: 'r' }],
      }),
    ).toEqual([{ id: 'b', name: 'Jo' }]);
  });
});
