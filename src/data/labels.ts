// How the product names its internal codes to people: a code ('mobile-money', 'in-person',
// 'delegate') is stored and queried; what is shown is its name. Categories, tiers and booth types
// are named by settings (staff choose the names); the fixed codes are named here, once.

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  'mobile-money': 'Mobile money',
  'bank-transfer': 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
};

export const ATTENDANCE_LABELS: Record<string, string> = { 'in-person': 'In person', virtual: 'Online' };

export const APPLICATION_KIND_LABELS: Record<string, string> = { partner: 'Partnership application', booth: 'Booth booking' };

/** The name of a code in one of these lists, or the code itself when it has none (never blank). */
export const labelOf = (labels: Record<string, string>, code: unknown) => labels[String(code)] ?? String(code);

/** The lists of settings/site that name codes (only their labels matter here). */
type Named = Record<'categories' | 'partnerTiers' | 'boothTypes', Record<string, { label?: string }>>;

/** A category's, tier's or booth type's name as settings give it; the key when settings no longer list it. */
export const settingsLabel = (settings: Partial<Named> | null | undefined, list: keyof Named, key: unknown) =>
  settings?.[list]?.[String(key)]?.label ?? String(key);
