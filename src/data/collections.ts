// The product's collections as the domain knows them (pure: no SDK, safe for schemas and rules
// tests to import).

/** The records people pay for: registrations, and partnership or booth applications. */
export const PAYABLE_COLLECTIONS = ['registrations', 'partners'] as const;
export type PayableCollection = (typeof PAYABLE_COLLECTIONS)[number];
