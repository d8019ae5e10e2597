// Who may do what: the one table. ACCESS says, for every collection (and the few documents and
// operations the rules treat on their own), who firestore.rules lets read and write it; the back
// office's capabilities, the archive's permissions, the rules matrix (tests/integration/
// rules-matrix.test.ts, which attempts every cell against the real rules) and docs/authorization.md
// (`npm run docs:authorization`) all derive from it. firestore.rules stays the boundary: the UI only
// hides what the rules refuse, and permissions.rules.test.ts reads the rules' role checks against
// this table.
import { REVIEWER_ROLE } from '../data/abstracts.ts';

/** The roles of the summit's staff (the rules' isStaff). */
export const STAFF_ROLES = ['admin', 'editor', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A reviewer of abstracts (issue 39) also has a staff/{email} entry, but is not staff: none of the
 * staff tiers admits them (they read nothing of registrations, payments, messages or the log), only
 * `reviewers`, which gives them the blind copies assigned to them and their own reviews. Their entry
 * also says their institution and tracks (firestore.rules reviewerProfile), which the automatic
 * assignment reads (src/data/abstract-assignment.ts).
 */
export const REVIEWER = REVIEWER_ROLE;
export type Role = StaffRole | typeof REVIEWER;
/** Every role a staff/{email} entry may hold. */
export const ROLES = [...STAFF_ROLES, REVIEWER] as const satisfies readonly Role[];

/**
 * Who an operation is open to. The five role tiers are firestore.rules' role checks (isStaff,
 * isEditor, isFinance, isAdmin, isReviewer); the others are a visitor's standing. `nobody` means no
 * one does it on its own: some such writes happen only inside the commit of another action (a
 * checkout with its registration), which its own tests cover.
 */
export type Who = 'everyone' | 'signed-in' | 'verified' | 'staff' | 'editors' | 'finance' | 'admin' | 'reviewers' | 'nobody';

/** The roles each tier admits (a visitor's standing admits every role: staff and reviewers are signed in and verified). */
export const ROLES_OF: Record<Who, readonly Role[]> = {
  everyone: ROLES,
  'signed-in': ROLES,
  verified: ROLES,
  staff: STAFF_ROLES,
  editors: ['admin', 'editor'],
  finance: ['admin', 'finance'],
  admin: ['admin'],
  // Administrators may do what a reviewer does (as they may what editors and finance do).
  reviewers: ['admin', REVIEWER],
  nobody: [],
};

/** firestore.rules' role check for each role tier. */
export const ROLE_CHECK = { staff: 'isStaff', editors: 'isEditor', finance: 'isFinance', admin: 'isAdmin', reviewers: 'isReviewer' } as const;

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];
type Row = Partial<Record<Operation, Who>>;

/** Published content: editors manage it, so they may also remove it and bring it back. */
export const CONTENT_COLLECTIONS = ['publications', 'events', 'jobs', 'tenders', 'resources', 'speakers', 'sessions', 'sponsors'] as const;

/** Every collection whose documents can be archived, in the order the Archive screen offers them. */
export const ARCHIVABLE_COLLECTIONS = ['registrations', 'partners', 'messages', 'payments', 'donations', 'procurement', ...CONTENT_COLLECTIONS] as const;
export type ArchivableCollection = (typeof ARCHIVABLE_COLLECTIONS)[number];

const CONTENT_ROW: Row = { get: 'everyone', list: 'staff', create: 'editors', update: 'editors', delete: 'editors' };

// prettier-ignore
const RECORDS = {
  //                             get          list         create       update       delete
  ...(Object.fromEntries(CONTENT_COLLECTIONS.map((c) => [c, CONTENT_ROW])) as Record<(typeof CONTENT_COLLECTIONS)[number], Row>),
  // Only settings/site is public. Nobody deletes settings (the site would lose its configuration).
  'settings':                  { get: 'everyone', list: 'staff',   create: 'admin',     update: 'admin',   delete: 'nobody' },
  'staff':                     { get: 'staff',    list: 'staff',   create: 'admin',     update: 'admin',   delete: 'admin' },
  // Staff append in their own name; nobody rewrites or removes history, with two narrow exceptions.
  // An attendee appends one line, composed by the rules, only in the commit of their own correction
  // (ownerLogsCorrection). An erasure: an administrator replaces an erased person's address or name
  // in a line, bound to the approved request; the same narrow exception lets an erasure delete mail
  // and anonymise certificates, evaluations, payments and statement lines (firestore.rules "requests
  // under the Data Protection Act").
  'logs':                      { get: 'staff',    list: 'staff',   create: 'staff',     update: 'nobody',  delete: 'nobody' },
  // Someone else's registration: finance and administrators only, who need them (payments, the
  // door): it holds sensitive data (SENSITIVE_DATA). Its owner reads their own; its reference opens
  // checkouts/{id} only. Registering takes a verified address (the registration's).
  'registrations':             { get: 'finance',  list: 'finance', create: 'verified',  update: 'finance', delete: 'admin' },
  // Slots hold a random claim and a time, nothing personal: anyone counts them. Only staff move them.
  'seats':                     { get: 'everyone', list: 'everyone', create: 'admin',    update: 'finance', delete: 'admin' },
  // Names a registration or an address: finance only (who writes it with every slot they move).
  'seatMoves':                 { get: 'finance',  list: 'nobody',  create: 'finance',   update: 'finance', delete: 'nobody' },
  // What checkout shows: public by reference, never written out of step with its registration.
  // Listing them would list attendees' names and addresses: as registrations.
  'checkouts':                 { get: 'everyone', list: 'finance', create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  // An entry names its address's active registration: its owner and whoever reads registrations; set only with a new registration.
  'attendees':                 { get: 'finance',  list: 'finance', create: 'nobody',    update: 'nobody',  delete: 'admin' },
  // Administrators list an address's drafts to erase them (a draft is read back only by its address's owner).
  'registrationDrafts':        { get: 'nobody',   list: 'admin',   create: 'signed-in', update: 'nobody',  delete: 'admin' },
  // An entry keeps the whole register form (SENSITIVE_DATA): read as registrations are.
  'waitlist':                  { get: 'finance',  list: 'finance', create: 'nobody',    update: 'finance', delete: 'admin' },
  // CPD settings are public (the evaluation form and the PDF show them); administrators keep them.
  'settings/cpd':              { get: 'everyone',                                       update: 'admin' },
  // An attendee's answers: theirs and administrators' (who see them in aggregate); never rewritten.
  'evaluations':               { get: 'admin',    list: 'admin',   create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  // Issued only with their registration and projection; never edited but to revoke, never deleted.
  'certificates':              { get: 'admin',    list: 'admin',   create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  // The public verification projection: read by its unguessable id, enumerated by administrators only.
  'certificateChecks':         { get: 'everyone', list: 'admin',   create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  // How many people wait (not who): anyone reads it (the register form decides from it). It moves
  // with the waiting-list entries it names; an administrator's recount names none. Nobody deletes it.
  'counters/waitlist':         { get: 'everyone',                                       update: 'admin',   delete: 'nobody' },
  // Every page may learn whether it is out of date; any staff change to public content moves it.
  'counters/content':          { get: 'everyone', list: 'nobody',                       update: 'staff',   delete: 'nobody' },
  // The Trigger Email queue: written only in the commit of the action it reports, never on its own;
  // read by whoever may read its record (a registration's: finance; an application's: staff); nobody
  // rewrites or deletes it, but staff resend. (Its addressee lists the ones sent to their own proven
  // address: "your data".)
  'mail':                      { get: 'staff',    list: 'admin',   create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  'mail (resend)':             {                                                        update: 'staff' },
  // The wording of the emails: administrators edit it, every staff member may read it.
  'templates':                 { get: 'staff',    list: 'staff',   create: 'admin',     update: 'admin',   delete: 'nobody' },
  // Someone else's application (contact name, address, phone): staff only; its reference opens
  // applicationCheckouts/{id} only, and its payment code opens nothing.
  'partners':                  { get: 'staff',    list: 'staff',   create: 'signed-in', update: 'finance', delete: 'admin' },
  'applicationCheckouts':      { get: 'everyone', list: 'staff',   create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  'messages':                  { get: 'staff',    list: 'staff',   create: 'signed-in', update: 'staff',   delete: 'admin' },
  'donations':                 { get: 'finance',  list: 'finance', create: 'signed-in', update: 'finance', delete: 'admin' },
  // (The attendee lists those for their own registration, by query: "your data", forOwnRegistration;
  // statement lines likewise.)
  'payments':                  { get: 'finance',  list: 'finance', create: 'verified',  update: 'finance', delete: 'admin' },
  'payments (for a booth)':    {                                   create: 'signed-in' },
  'payments (manual record)':  {                                   create: 'finance' },
  // The payers' references taken (normalised): checkout asks whether one is (a payment id, which opens
  // nothing), finance lists them. Claimed only in the commit of the payment that quotes it, never
  // rewritten, freed only in the commit where finance rejects or reverses that payment.
  'paymentReferences':         { get: 'everyone', list: 'finance', create: 'nobody',    update: 'nobody',  delete: 'nobody' },
  // A refund made: finance records it once, with its record; nobody changes or deletes it.
  'refunds':                   { get: 'finance',  list: 'finance', create: 'finance',   update: 'nobody',  delete: 'nobody' },
  // Money finance decided not to refund: recorded once, with its record and the payer's email; never changed nor deleted.
  'keptMoney':                 { get: 'finance',  list: 'finance', create: 'finance',   update: 'nobody',  delete: 'nobody' },
  // Issued invoices are never deleted: the series must stay unbroken.
  'invoices':                  { get: 'finance',  list: 'finance', create: 'finance',   update: 'finance', delete: 'nobody' },
  // The counter moves only with the invoice it numbers.
  'counters/invoices':         { get: 'finance',  list: 'nobody',                       update: 'nobody',  delete: 'nobody' },
  // A request under the Data Protection Act (src/data/data-requests.ts): the signed-in owner asks
  // for erasure of their own address (and reads their request); administrators enter access and
  // correction requests that came by letter or email, approve, carry out, refuse and close them.
  // Never deleted: it is the record that the request was answered.
  'dataRequests':              { get: 'admin',    list: 'admin',   create: 'verified',  update: 'admin',   delete: 'nobody' },
  // An author's abstract (issue 39, src/data/abstracts.ts): its author, signed in with the address,
  // writes it while the call is open and reads their own; administrators read every one. Withdrawn,
  // never deleted.
  'abstracts':                 { get: 'admin',    list: 'admin',   create: 'verified',  update: 'nobody',  delete: 'nobody' },
  // The call for abstracts is public (/abstracts states it); administrators set it.
  'settings/abstracts':        { get: 'everyone',                                       update: 'admin' },
  // One reviewer's assignment to one abstract (src/data/abstract-review.ts): the abstract without its
  // authors, affiliations or address. Its reviewer reads it (a query pinning reviewer == their
  // address); administrators assign and unassign, once the call has closed.
  'blindAbstracts':            { get: 'reviewers', list: 'reviewers', create: 'admin',    update: 'admin',   delete: 'admin' },
  // A review, under its assignment's id: written and revised only by that assignment's reviewer,
  // until the committee decides; read by them and by administrators; never by authors; never deleted.
  'reviews':                   { get: 'reviewers', list: 'reviewers', create: 'reviewers', update: 'reviewers', delete: 'nobody' },
  // The committee's decision on an abstract, with its email in the same commit: administrators
  // only (it names the reviews it quotes); made once, never changed (the email has gone).
  'abstractDecisions':         { get: 'admin',    list: 'admin',   create: 'admin',     update: 'nobody',  delete: 'nobody' },
  // An accepted abstract's public copy (src/data/published-abstracts.ts): anyone reads it (the
  // programme, the abstract book); administrators publish it (equal to the abstract and its
  // decision), place it in a session, and unpublish it. Its text is never rewritten.
  'publishedAbstracts':        { get: 'everyone', list: 'everyone', create: 'admin',    update: 'admin',   delete: 'admin' },
  'publishedAbstractTexts':    { get: 'everyone', list: 'everyone', create: 'admin',    update: 'nobody',  delete: 'admin' },
  // The author's copy of a decision's outcome (the comments the email quoted, never whose): written
  // in the decision's commit only, never changed. Its author reads their own (an abstract's, by a
  // query pinning email == their proven address); of someone else's, administrators only.
  'abstractOutcomes':          { get: 'admin',    list: 'admin',   create: 'admin',     update: 'nobody',  delete: 'nobody' },
  // Not in the specification: staff read, finance write, administrators delete.
  'procurement':               { get: 'staff',    list: 'staff',   create: 'finance',   update: 'finance', delete: 'admin' },
} satisfies Record<string, Row>;

type RecordSubject = keyof typeof RECORDS;

/**
 * Sensitive personal data (Kenya's Data Protection Act 2019, s. 2: data about health): the
 * accessibility and dietary needs the register form asks for. Only `readers` see them: every
 * subject that keeps them is readable by that tier at most (permissions.test.ts holds the table
 * to it), record screens show them only to it, and its exports leave them out unless the person
 * exporting asks for them with a reason, which the activity log keeps.
 */
export const SENSITIVE_DATA = {
  fields: ['accessibilityNeeds', 'dietaryNeeds'],
  readers: 'finance',
  why: 'administrators arrange access and catering; finance runs the door (check-in), where a need is met',
  keptIn: ['registrations', 'waitlist', 'registrationDrafts'],
} as const satisfies { fields: readonly string[]; readers: Who; why: string; keptIn: readonly RecordSubject[] };

export const isSensitiveField = (field: string) => (SENSITIVE_DATA.fields as readonly string[]).includes(field);

/**
 * An archived copy (archive/{collection}/items): staff read it if they may read the original, and
 * archive (create) or restore (delete) it if they may delete the original (firestore.rules' mayRead
 * and mayRemove). Nobody edits a copy.
 */
function archiveRow(collection: ArchivableCollection): Row {
  const original: Row = RECORDS[collection];
  const read = original.get === 'everyone' ? 'staff' : original.get;
  return { get: read, list: read, create: original.delete, update: 'nobody', delete: original.delete };
}

const archiveSubject = (c: ArchivableCollection) => `archive/${c}/items` as const;
type ArchiveSubject = ReturnType<typeof archiveSubject>;

export type Subject = RecordSubject | ArchiveSubject;

/** Who may do what, subject by subject. */
export const ACCESS: Readonly<Record<Subject, Row>> = {
  ...RECORDS,
  ...(Object.fromEntries(ARCHIVABLE_COLLECTIONS.map((c) => [archiveSubject(c), archiveRow(c)])) as Record<ArchiveSubject, Row>),
};

/** Whether a staff member in this role may do this (the rules may still refuse a particular write). */
export function mayDo(role: Role, subject: Subject, op: Operation): boolean {
  const who = ACCESS[subject][op];
  return who !== undefined && ROLES_OF[who].includes(role);
}

/** A back-office capability: the operation that grants it, or (for a narrower choice the UI makes) its tier. */
interface CapabilitySource {
  readonly what: string;
  readonly grantedBy: readonly [Subject, Operation] | { readonly who: Who; readonly why: string };
}

// prettier-ignore
export const CAPABILITIES = {
  'overview':              { what: 'see the summit at a glance (the back office’s first screen)', grantedBy: { who: 'staff', why: 'its figures count staff records; a reviewer, who reads none, starts on their reviews instead' } },
  'registrations:read':    { what: 'see attendee, partner and booth records',             grantedBy: ['registrations', 'get'] },
  'registrations:update':  { what: 'change a registration: status, seats, check-in',      grantedBy: ['registrations', 'update'] },
  'registrations:archive': { what: 'archive a registration or an application',            grantedBy: ['registrations', 'delete'] },
  // Exporting personal data follows reading it all: whoever may list registrations (each export logged with its row count).
  'registrations:export':  { what: 'export attendee, partner and booth records to CSV',   grantedBy: ['registrations', 'list'] },
  'needs:read':            { what: 'see accessibility and dietary needs; export them with a reason', grantedBy: { who: SENSITIVE_DATA.readers, why: SENSITIVE_DATA.why } },
  'payments':              { what: 'verify, reject, record and refund payments',          grantedBy: ['payments', 'update'] },
  'invoices':              { what: 'issue invoices and mark them paid',                   grantedBy: ['invoices', 'create'] },
  'donations':             { what: 'see and confirm donations',                           grantedBy: ['donations', 'get'] },
  'content':               { what: 'edit publications, events, jobs, tenders, resources, speakers, the programme and sponsors', grantedBy: ['publications', 'update'] },
  'procurement:read':      { what: 'see procurement records',                             grantedBy: ['procurement', 'get'] },
  'procurement:write':     { what: 'add and change procurement records',                  grantedBy: ['procurement', 'update'] },
  'procurement:archive':   { what: 'archive procurement records',                         grantedBy: ['procurement', 'delete'] },
  'messages':              { what: 'read and mark contact messages',                      grantedBy: ['messages', 'get'] },
  'logs':                  { what: 'read the activity log',                               grantedBy: ['logs', 'get'] },
  'users':                 { what: 'add, change and remove staff',                        grantedBy: ['staff', 'update'] },
  'certificates':          { what: 'CPD: settings, evaluations, issue, revoke and export', grantedBy: ['certificates', 'get'] },
  'settings':              { what: 'change the site settings and the emails’ wording',    grantedBy: ['settings', 'update'] },
  'abstracts':             { what: 'read the abstracts submitted to the call',            grantedBy: ['abstracts', 'list'] },
  'abstracts:assign':      { what: 'assign reviewers to submitted abstracts, by hand or automatically', grantedBy: ['blindAbstracts', 'create'] },
  'abstracts:decide':      { what: 'decide on an abstract (oral, poster or not accepted) and email its author', grantedBy: ['abstractDecisions', 'create'] },
  'abstracts:publish':     { what: 'publish accepted abstracts, place them in programme sessions, unpublish them', grantedBy: ['publishedAbstracts', 'create'] },
  'data-requests':         { what: 'answer data requests: approve and carry out an erasure, refuse, close', grantedBy: ['dataRequests', 'update'] },
  'archive':               { what: 'open the archive (each collection as its originals allow)', grantedBy: ['archive/events/items', 'get'] },
  'files:unused':          { what: 'list the files no record names and delete them',   grantedBy: { who: 'admin', why: 'storage.rules let editors delete content files; deleting whatever the whole bucket no longer names is kept to administrators' } },
  'reviews':               { what: 'score the abstracts assigned to them, or declare a conflict', grantedBy: ['reviews', 'create'] },
  'timed-work:run':        { what: '“Run now”: the schedule’s offers, passes, places and reminders by hand', grantedBy: { who: 'admin', why: 'the rules let finance make the same moves; running the whole schedule at once is kept to administrators' } },
} as const satisfies Record<string, CapabilitySource>;

export type Capability = keyof typeof CAPABILITIES;

/** The tier a capability is open to. */
export function capabilityTier(capability: Capability): Who {
  const source: CapabilitySource['grantedBy'] = CAPABILITIES[capability].grantedBy;
  return 'who' in source ? source.who : (ACCESS[source[0]][source[1]] ?? 'nobody');
}

export function can(role: Role, capability: Capability): boolean {
  return ROLES_OF[capabilityTier(capability)].includes(role);
}

/** Whether this role may read archived copies from a collection (whoever may read the originals). */
export const mayReadArchived = (role: Role, collection: ArchivableCollection) => mayDo(role, archiveSubject(collection), 'get');

/** Whether this role may archive from a collection or restore into it (whoever may delete from it). */
export const mayRemove = (role: Role, collection: ArchivableCollection) => mayDo(role, archiveSubject(collection), 'delete');
