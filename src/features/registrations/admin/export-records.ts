// The CSV export of a tab: its columns, read a thousand rows at a time through the filters.
import { db } from '../../../lib/data.ts';
import { toCsv } from '../../../lib/csv.ts';
import { useStaffTask } from '../../../admin/use-staff-action.ts';
import { attendedDays } from '../../../data/certificates.ts';
import { COLLECTION, listOptions, type ListFilters, type StaffRecord, type Tab } from './records.ts';

const CSV_COLUMNS: Record<Tab, Array<{ header: string; value: (r: StaffRecord) => unknown }>> = {
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
    { header: 'Accessibility needs', value: (r) => r.accessibilityNeeds },
    { header: 'Dietary needs', value: (r) => r.dietaryNeeds },
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

/** The whole filtered set as CSV, read a page of a thousand at a time. `onProgress` gets the rows read so far. */
export async function exportRecords(tab: Tab, filters: ListFilters, onProgress?: (rows: number) => void) {
  const rows = await db.fetchEvery<StaffRecord>(COLLECTION[tab], listOptions(tab, filters), onProgress);
  return { csv: toCsv(rows, CSV_COLUMNS[tab]), rows: rows.length };
}

/** Exporting personal data is itself an action worth a log line. */
export function useExport() {
  return useStaffTask({
    run: ({ tab, filters, onProgress }: { tab: Tab; filters: ListFilters; onProgress: (n: number) => void }) => exportRecords(tab, filters, onProgress),
    log: ({ tab }, { rows }) => `Exported ${rows} ${tab} to CSV`,
  });
}
