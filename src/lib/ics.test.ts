import { describe, expect, it } from 'vitest';
import { icsCalendar, icsHref, icsText } from './ics.ts';

describe('calendar files', () => {
  it('writes a VEVENT with UTC times and escaped text', () => {
    const ics = icsCalendar(
      [
        {
          uid: 'summit@nci',
          title: 'Summit; day 1, plenary',
          start: new Date('2027-04-21T06:00:00Z'),
          end: new Date('2027-04-23T14:00:00Z'),
          location: 'KICC, Nairobi',
        },
      ],
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

describe('a whole calendar file', () => {
  const plenary = { uid: 'plenary@nci', title: 'Plenary', start: new Date('2027-04-21T06:00:00.250Z'), end: new Date('2027-04-21T08:30:00Z') };

  it('is exactly the lines calendar apps expect, with CRLF line ends', () => {
    expect(icsCalendar([{ ...plenary, location: 'Hall A', description: 'Opening talks.\r\nBring your badge.' }], new Date('2027-01-01T12:34:56.789Z'))).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//National Cancer Summit//EN',
        'CALSCALE:GREGORIAN',
        'BEGIN:VEVENT',
        'UID:plenary@nci',
        'DTSTAMP:20270101T123456Z',
        'DTSTART:20270421T060000Z',
        'DTEND:20270421T083000Z',
        'SUMMARY:Plenary',
        'LOCATION:Hall A',
        'DESCRIPTION:Opening talks.\\nBring your badge.',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves out a location or description it does not have, and holds several events', () => {
    const ics = icsCalendar([plenary, { ...plenary, uid: 'lunch@nci', title: 'Lunch' }], new Date('2027-01-01T00:00:00Z'));
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('DESCRIPTION');
    expect(ics.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(2);
    expect(ics).toContain('UID:lunch@nci\r\n');
    expect(icsCalendar([], new Date(0))).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//National Cancer Summit//EN\r\nCALSCALE:GREGORIAN\r\nEND:VCALENDAR\r\n',
    );
  });

  it('is offered as a data: link a browser downloads as a calendar', () => {
    const href = icsHref([plenary]);
    expect(href.startsWith('data:text/calendar;charset=utf-8,BEGIN%3AVCALENDAR%0D%0A')).toBe(true);
    expect(decodeURIComponent(href.slice('data:text/calendar;charset=utf-8,'.length))).toContain('SUMMARY:Plenary\r\n');
  });
});

describe('a calendar file made twice', () => {
  const event = { uid: 's1@summit', title: 'Opening', start: new Date('2027-04-21T06:00:00Z'), end: new Date('2027-04-21T07:00:00Z') };

  it('is the same file when its event says when it was last revised (a prerendered page and its hydration agree)', () => {
    const revised = new Date('2027-02-03T04:05:06Z');
    const first = icsCalendar([{ ...event, revised }], new Date('2027-03-01T00:00:00Z'));
    const later = icsCalendar([{ ...event, revised }], new Date('2027-03-09T12:00:00Z'));
    expect(first).toBe(later);
    expect(first).toContain('DTSTAMP:20270203T040506Z\r\n');
  });

  it('is stamped with the time it is made when the event does not say', () => {
    expect(icsCalendar([event], new Date('2027-03-09T12:00:00Z'))).toContain('DTSTAMP:20270309T120000Z\r\n');
  });
});
