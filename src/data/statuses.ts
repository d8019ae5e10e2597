// The states of the product's records, each defined once. Screens, figures, schemas and tests
// import them from here; data/labels.ts says each in words.

/** A registration's own state (collection `registrations`, field `status`). */
export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled', 'checked-in'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Where a registration or application stands with its fee (field `paymentStatus`). */
export const FEE_STATUSES = ['unpaid', 'submitted', 'paid', 'not-required'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** A payment document's state (collection `payments`): the visitor's submission, then finance's verdict. */
export const PAYMENT_STATUSES = ['submitted', 'verified', 'rejected', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A contact message's state (collection `messages`): new, then opened by staff (or marked unread again). */
export const MESSAGE_STATUSES = ['unread', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A donation's state (collection `donations`): the visitor's pledge, then finance's receipt. */
export const DONATION_STATUSES = ['pledged', 'received'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** How a registrant attends (field `attendanceMode`). */
export const ATTENDANCE_MODES = ['in-person', 'virtual'] as const;

/** How a payer says they paid (field `method` of a payment). */
export const PAYMENT_METHODS = ['mobile-money', 'bank-transfer'] as const;
