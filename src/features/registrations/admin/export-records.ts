// The CSV export of a tab: its columns, read a thousand rows at a time through the filters.
import { db } from '../../../lib/data.ts';
import { toCsv } from '../../../lib/csv.ts';
import { useStaffTask } from '../../../admin/use-staff-action.ts';
import { attendedDays } from '../../../data/certificates.ts';
import { isSensitiveField } from '../../../admin/permissions.ts';
import { COLLECTION, listOptions, type ListFilters, type StaffRecord, type Tab } from './records.ts';

type CsvColumn = { header: string; value: (r: StaffRecord) => unknown; field?: string };

const CSV_COLUMNS: Record<Tab, CsvColumn[]> = {
  attendees: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Registered', value: (r) => r.timestamp },
    { header: 'Full name', value: (r) => r.fullName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Role', value: (r) => r.jobTitle },
    { header: 'Country', value: (r) => r.country },
    { header: 'Category', value: (r) => r.category },
    { header: 'Attendance', value: (r) => r.attendanceMode },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Checked in', value: (r) => r.checkedInAt },
    // The summit days attended ('YYYY-MM-DD', Nairobi), what CPD certificates count.
    { header: 'Days attended', value: (r) => attendedDays(r).join('; ') },
    { header: 'Accessibility needs', value: (r) => r.accessibilityNeeds, field: 'accessibilityNeeds' },
    { header: 'Dietary needs', value: (r) => r.dietaryNeeds, field: 'dietaryNeeds' },
  ],
  partners: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Applied', value: (r) => r.timestamp },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Contact', value: (r) => r.contactName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Website', value: (r) => r.website },
    { header: 'Tier', value: (r) => r.tier },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Message', value: (r) => r.message },
  ],
  booths: [
    { header: 'Reference', value: (r) => r.id },
    { header: 'Booked', value: (r) => r.timestamp },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Contact', value: (r) => r.contactName },
    { header: 'Email', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Booth type', value: (r) => r.boothType },
    { header: 'Staff', value: (r) => r.staffCount },
    { header: 'Fee', value: (r) => r.fee },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Payment', value: (r) => r.paymentStatus },
    { header: 'Requirements', value: (r) => r.requirements },
  ],
};

/** Why sensitive columns were asked for: said in the log, so it is bounded to fit a log line. */
export const NEEDS_REASON_MAX = 200;

export interface ExportRequest {
  tab: Tab;
  filters: ListFilters;
  /** Accessibility and dietary needs are left out unless asked for, with this reason (trimmed, non-empty). */
  needsReason?: string;
}

/** The columns written: sensitive ones only when a reason was given. */
export function exportColumns(tab: Tab, needsReason?: string): CsvColumn[] {
  const withNeeds = !!needsReason?.trim();
  return CSV_COLUMNS[tab].filter((c) => withNeeds || !c.field || !isSensitiveField(c.field));
}

/** The whole filtered set as CSV, read a page of a thousand at a time. `onProgress` gets the rows read so far. */
export async function exportRecords({ tab, filters, needsReason }: ExportRequest, onProgress?: (rows: number) => void) {
  const rows = await db.fetchEvery<StaffRecord>(COLLECTION[tab], listOptions(tab, filters), onProgress);
  return { csv: toCsv(rows, exportColumns(tab, needsReason)), rows: rows.length };
}

/** The log line: how many rows of what, and whether (and why) needs went with them. */
export function exportLogLine({ tab, needsReason }: ExportRequest, rows: number): string {
  const reason = needsReason?.trim().replace(/\s+/g, ' ').slice(0, NEEDS_REASON_MAX);
  return `Exported ${rows} ${tab} to CSV` + (reason ? ` with accessibility and dietary needs, because: ${reason}` : '');
}

/**
 * Exporting personal data is itself an action worth a log line, written before the file is offered:
 * an export whose line could not be written is not handed out.
 */
export function useExport() {
  return useStaffTask({
    run: ({ onProgress, ...request }: ExportRequest & { onProgress: (n: number) => void }) => exportRecords(request, onProgress),
    log: (request, { rows }) => exportLogLine(request, rows),
  });
}
