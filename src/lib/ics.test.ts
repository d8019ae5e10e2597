import { describe, expect, it } from 'vitest';
import { icsCalendar, icsText } from './ics.ts';

describe('calendar files', () => {
  it('writes a VEVENT with UTC times and escaped text', () => {
    const ics = icsCalendar(
      [{ uid: 'summit@nci', title: 'Summit; day 1, plenary', start: new Date('2027-04-21T06:00:00Z'), end: new Date('2027-04-23T14:00:00Z'), location: 'KICC, Nairobi' }],
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain('DTSTART:20270421T060000Z\r\n');
    expect(ics).toContain('DTEND:20270423T140000Z\r\n');
    expect(ics).toContain('SUMMARY:Summit\\; day 1\\, plenary\r\n');
    expect(ics).toContain('LOCATION:KICC\\, Nairobi\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes newlines and backslashes', () => {
    expect(icsText('a\\b\nc')).toBe('a\\\\b\\nc');
  });
});
