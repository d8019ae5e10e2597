// The days a registration was admitted on. Its own small module: "my registration" decides with it,
// at first render, whether to load the CPD part at all (CpdSections.tsx, a chunk of its own).

/** The days a registration was admitted on, sorted ([] before any check-in). */
export function attendedDays(record: Record<string, unknown>): string[] {
  const attendance = record.attendance;
  if (!attendance || typeof attendance !== 'object') return [];
  return Object.keys(attendance)
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
}
