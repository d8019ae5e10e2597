// iCalendar (RFC 5545) events for "add to calendar": a .ics file every calendar app opens.
export interface CalendarEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
  /**
   * When its information last changed (DTSTAMP; RFC 5545 3.8.7.2), e.g. the document's timestamp.
   * Without it, the time the file is made: a page that prerenders the file then differs from the
   * page that hydrates it, so pages pass it.
   */
  revised?: Date;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Escapes text values: backslash, semicolon, comma and newlines are special in iCalendar. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

export function icsCalendar(events: CalendarEvent[], now = new Date()): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//National Cancer Summit//EN', 'CALSCALE:GREGORIAN'];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(e.revised ?? now)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${icsText(e.title)}`,
      ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
      ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

export function icsHref(events: CalendarEvent[]): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(icsCalendar(events))}`;
}
