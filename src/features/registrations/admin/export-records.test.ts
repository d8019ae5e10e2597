import { describe, expect, it } from 'vitest';
import { exportColumns, exportLogLine, NEEDS_REASON_MAX } from './export-records.ts';

const filters = {};
const headers = (...args: Parameters<typeof exportColumns>) => exportColumns(...args).map((c) => c.header);

describe('the attendee export leaves sensitive needs out unless asked for with a reason', () => {
  it('without a reason: no needs columns, everything else', () => {
    const plain = headers('attendees');
    expect(plain).not.toContain('Accessibility needs');
    expect(plain).not.toContain('Dietary needs');
    expect(plain).toEqual(expect.arrayContaining(['Reference', 'Full name', 'Email', 'Phone', 'Days attended']));
  });

  it('a blank reason is no reason', () => {
    expect(headers('attendees', '   ')).toEqual(headers('attendees'));
  });

  it('with a reason: the needs come last, as before', () => {
    expect(headers('attendees', 'Catering list for the caterer').slice(-2)).toEqual(['Accessibility needs', 'Dietary needs']);
  });

  it('applications and booths have no sensitive columns: a reason changes nothing', () => {
    expect(headers('partners', 'x')).toEqual(headers('partners'));
    expect(headers('booths', 'x')).toEqual(headers('booths'));
  });
});

describe('the export’s log line', () => {
  it('counts the rows', () => {
    expect(exportLogLine({ tab: 'attendees', filters }, 120)).toBe('Exported 120 attendees to CSV');
  });

  it('says the needs went with them, and why, on one line within its bound', () => {
    expect(exportLogLine({ tab: 'attendees', filters, needsReason: '  Access plan\nfor the venue  ' }, 3)).toBe(
      'Exported 3 attendees to CSV with accessibility and dietary needs, because: Access plan for the venue',
    );
    const long = exportLogLine({ tab: 'attendees', filters, needsReason: 'x'.repeat(5000) }, 3);
    expect(long.endsWith('x'.repeat(NEEDS_REASON_MAX))).toBe(true);
    // The rules' bound on a log message (logs: text(message, 1, 500)).
    expect(long.length).toBeLessThanOrEqual(500);
  });
});
