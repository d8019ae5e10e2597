import { describe, expect, it } from 'vitest';
import { attendedDays } from './attendance.ts';

describe('the days a registration was admitted on', () => {
  it('are the attendance map’s date keys, sorted', () => {
    expect(attendedDays({ attendance: { '2027-05-13': new Date(), '2027-05-12': new Date() } })).toEqual(['2027-05-12', '2027-05-13']);
  });

  it('are none before any check-in, or when the map is not one', () => {
    for (const attendance of [undefined, null, {}, '2027-05-12', 3]) expect(attendedDays({ attendance }), String(attendance)).toEqual([]);
  });

  it('leave out keys that are not dates', () => {
    expect(attendedDays({ attendance: { '2027-5-12': 1, today: 1, '2027-05-12T00:00': 1, '2027-05-14': 1 } })).toEqual(['2027-05-14']);
  });
});
