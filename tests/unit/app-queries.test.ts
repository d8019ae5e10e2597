// Every query the app builds, checked against firestore.indexes.json as Cloud Firestore would
// check it, and every index in that file checked by use.
//
// The queries come from the code: each data function of the app runs here, over the inputs its
// screen can give it (every tab, filter combination, sort and content collection), through the
// real lite SDK (the public pages' reads over REST, as the site makes them) against an in-process
// emulator that enforces the project's indexes. A query no
// index serves fails with production's FAILED_PRECONDITION and the entry to add. A guard below
// makes sure that every line of the app that queries Firestore was run by this test, so a new
// query cannot slip past it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseIndexConfig } from '../../emulator/src/indexes.ts';
import { createEmulator, type RunningEmulator } from '../../emulator/src/server.ts';

const ROOT = join(import.meta.dirname, '../..');
const QUERY_METHODS = vi.hoisted(() => ['fetchPage', 'fetchEvery', 'fetchDocuments', 'fetchCount', 'fetchSum', 'getDocuments', 'countDocuments'] as const);

// The app's `db` and `publicReads` (REST, no SDK), on the test's emulator, noting the line of the
// app that called each query.
const seen = vi.hoisted(() => ({ firestore: null as Firestore | null, port: 0, callers: new Set<string>() }));
vi.mock('../../src/lib/data.ts', async () => {
  const { createDb } = await import('../../src/lib/db.ts');
  const { createRestReads } = await import('../../src/lib/rest-reads.ts');
  const { firestoreDocumentsUrl } = await import('../../src/lib/firestore-rest.ts');
  const db = createDb(() => seen.firestore!);
  const publicReads = createRestReads(() => ({ documents: firestoreDocumentsUrl('demo-nci-summit', `127.0.0.1:${seen.port}`) }));
  const noteCallers = (client: Record<string, unknown>) => {
    for (const method of QUERY_METHODS) {
      const real = client[method] as ((...args: unknown[]) => unknown) | undefined;
      if (!real) continue;
      client[method] = (...args: unknown[]) => {
        const caller = new Error().stack
          ?.split('\n')
          .slice(2)
          .find((line) => line.includes('/src/'));
        const at = caller && /\/(src\/[^:)]+):(\d+)/.exec(caller);
        if (at) seen.callers.add(`${at[1]}:${at[2]}`);
        return real(...args);
      };
    }
  };
  noteCallers(db);
  noteCallers(publicReads);
  return { db, publicReads };
});

const { db } = await import('../../src/lib/data.ts');
const { fetchDataRequests } = await import('../../src/features/data-requests/admin/api.ts');
const { blindCopiesOf, mailAbout, readFootprint, recordDocuments } = await import('../../src/data/erasure.ts');
const { heldAddresses, retainAddresses } = await import('../../src/data/timed-work/retention.ts');
const { retentionFigures } = await import('../../src/features/overview/admin/figures.ts');
const { speakersQuery, fetchAllSpeakers } = await import('../../src/data/speakers.ts');
const { publishedPartnersQuery } = await import('../../src/data/partners.ts');
const { publishedPagesQuery, fetchPublishedBySlug } = await import('../../src/data/published.ts');
const { sessionsQuery } = await import('../../src/data/sessions.ts');
const { abstractBookQuery, placedAbstractsQuery } = await import('../../src/data/published-abstract-queries.ts');
const { eventsQuery } = await import('../../src/features/events/api.ts');
const { ARTICLE_LISTS, publicationsQuery, fetchLatestArticles, fetchPublication } = await import('../../src/data/publications.ts');
const { TABS, SORTS } = await import('../../src/features/registrations/admin/records.ts');
const { fetchRecordPage, fetchRecordPayments, fetchRecordMail } = await import('../../src/features/registrations/admin/record-queries.ts');
const { exportRecords } = await import('../../src/features/registrations/admin/export-records.ts');
const { searchRecords } = await import('../../src/features/registrations/admin/search.ts');
const { fetchContentPage, slugTaken } = await import('../../src/admin/content/content-queries.ts');
const { editorFields, listFilter, listQuery } = await import('../../src/admin/content/content-config.ts');
const { fetchInvoicePage } = await import('../../src/features/invoices/admin/api.ts');
const { fetchLogPage } = await import('../../src/features/logs/admin/api.ts');
const { inboxQuery } = await import('../../src/features/contact/admin/inbox.ts');
const payments = await import('../../src/features/payments/admin/api.ts');
const { staffPage, fetchAdminCount } = await import('../../src/features/staff/admin/staff-api.ts');
const { archivePage } = await import('../../src/features/archive/admin/archived-items.ts');
const { fetchNamingRecords } = await import('../../src/features/files/admin/files-api.ts');
const { ARCHIVABLE_COLLECTIONS } = await import('../../src/admin/permissions.ts');
const figures = await import('../../src/features/overview/admin/figures.ts');
const statements = await import('../../src/features/payments/admin/statement/statement-api.ts');
const { fetchLedger } = await import('../../src/features/payments/admin/statement/import-api.ts');
const waitlist = await import('../../src/features/registrations/admin/waitlist.ts');
const timedWork = await import('../../src/data/timed-work/run.ts');
const seats = await import('../../src/data/seats.ts');
const seatCapacity = await import('../../src/data/seat-capacity.ts');
const { PAYMENT_STATUSES } = await import('../../src/data/statuses.ts');
const { freeSeatsQuery } = await import('../../src/features/registrations/api.ts');
const { fetchMyRegistration } = await import('../../src/features/registrations/my-registration.ts');
const { fetchMyAbstracts, fetchMyOutcomes } = await import('../../src/features/abstracts/my-abstracts.ts');
const { fetchSubmitted } = await import('../../src/features/abstracts/admin/submitted.ts');
const committee = await import('../../src/features/abstracts/admin/review-reads.ts');
const { fetchMyAssignments } = await import('../../src/features/abstracts/admin/my-reviews.ts');
const { fetchBookAbstracts } = await import('../../src/features/abstracts/admin/regenerate-abstract-book.ts');
const programme = await import('../../src/features/abstracts/admin/programme-reads.ts');
const { findPayableRecord } = await import('../../src/data/payable-records.ts');
const { findFreeSeats } = await import('../../src/data/seats.ts');
const { fetchStatementFormats } = await import('../../src/data/statement-formats.ts');
const { fetchMyCpd } = await import('../../src/features/registrations/my-cpd.ts');
const yourData = await import('../../src/features/registrations/your-data.ts');
const { fetchEvaluations } = await import('../../src/features/certificates/admin/evaluations.ts');
const certificates = await import('../../src/features/certificates/admin/api.ts');
const { fetchRefundsDue } = await import('../../src/features/payments/admin/refunds.ts');

type ContentConfig = Parameters<typeof listQuery>[0];
// Every content screen's configuration, found by file name rather than listed by hand.
const contentConfigs = Object.values(
  import.meta.glob<Record<string, unknown>>(['../../src/features/**/*-content.ts', '../../src/features/**/*-content.tsx'], { eager: true }),
)
  .flatMap((m) => Object.values(m))
  .filter((v): v is ContentConfig => !!v && typeof v === 'object' && 'collection' in v && 'fields' in v);

/** Every subset of the given entries, as objects. */
function subsets<T extends Record<string, unknown>>(entries: T): Array<Partial<T>> {
  return Object.entries(entries).reduce<Array<Partial<T>>>((acc, [k, v]) => acc.flatMap((s) => [s, { ...s, [k]: v }]), [{}]);
}

/** The app's queries: name, and the call that runs it. */
function appQueries(): Array<[string, () => Promise<unknown>]> {
  const first = { pageParam: null } as never;
  const q: Array<[string, () => Promise<unknown>]> = [
    ['speakers', () => speakersQuery.queryFn!({} as never) as Promise<unknown>],
    ['all speakers', fetchAllSpeakers],
    ['partners', () => publishedPartnersQuery.queryFn!({} as never) as Promise<unknown>],
    ['sessions', () => sessionsQuery.queryFn!({} as never) as Promise<unknown>],
    ['abstracts placed in sessions', () => placedAbstractsQuery.queryFn!({} as never) as Promise<unknown>],
    ['the abstract book', () => abstractBookQuery.queryFn!({} as never) as Promise<unknown>],
    ['latest articles', fetchLatestArticles],
    ['article by slug', () => fetchPublication('x')],
    ['job by slug', () => fetchPublishedBySlug('jobs', 'x')],
    ...(['upcoming', 'past'] as const).map((when): [string, () => Promise<unknown>] => [
      `events ${when}`,
      () => eventsQuery(when).queryFn!(first) as Promise<unknown>,
    ]),
    ...['jobs', 'tenders', 'resources'].map((c): [string, () => Promise<unknown>] => [
      `published ${c}`,
      () => publishedPagesQuery(c).queryFn!(first) as Promise<unknown>,
    ]),
    ...Object.entries(ARTICLE_LISTS).map(([path, list]): [string, () => Promise<unknown>] => [
      `articles ${path}`,
      () => publicationsQuery(list.categories).queryFn!(first) as Promise<unknown>,
    ]),
    ['free seats', () => freeSeatsQuery({ unpaidHoldHours: 72, offerHours: 48 }).queryFn!({} as never) as Promise<unknown>],
    ['free seat slots', () => findFreeSeats({ unpaidHoldHours: 72, offerHours: 48 })],
    ['my registration', () => fetchMyRegistration('a@b.test')],
    ['my abstracts', () => fetchMyAbstracts('a@b.test')],
    ['my abstracts’ decisions', () => fetchMyOutcomes('a@b.test')],
    ['submitted abstracts', () => fetchSubmitted()],
    ['reviewers', committee.fetchReviewers],
    ['assignments', committee.fetchAssignments],
    ['reviews', committee.fetchReviews],
    ['abstract decisions', committee.fetchDecisions],
    ['published abstracts, for their placement', programme.fetchPublishedListings],
    ['programme sessions, for placing abstracts', programme.fetchProgrammeSessions],
    ['a reviewer’s assignments and reviews', () => fetchMyAssignments('a@b.test')],
    ['the abstract book’s abstracts and texts', () => fetchBookAbstracts(db)],
    ['checkout by payment code, for its signed-in attendee', () => findPayableRecord('NCS-7K2QD', 'checkouts', 'a@b.test')],
    ['record payments', () => fetchRecordPayments('x')],
    ['record mail', () => fetchRecordMail('registrations', 'x')],
    ['invoices', () => fetchInvoicePage(null)],
    ['staff', () => staffPage.fetch(null)],
    ['admin count', fetchAdminCount],
    ...[true, false].map((unread): [string, () => Promise<unknown>] => [`inbox unread=${unread}`, () => inboxQuery(unread).fetch(null)]),
    ['payments with a code', () => payments.fetchPaymentsWithCode('X')],
    ...(['', ...PAYMENT_STATUSES] as const).map((s): [string, () => Promise<unknown>] => [`payments "${s}"`, () => payments.fetchPaymentPage(s, null)]),
    ['payment totals', () => payments.fetchPaymentTotals('KES')],
    ['donations', () => payments.fetchDonationPage(null)],
    ['statement ledger', fetchLedger],
    ['statement imports', () => statements.fetchImportPage(null)],
    ['an import by checksum', () => statements.fetchImportWithChecksum('x')],
    ['an import’s lines', () => statements.fetchImportLines('x')],
    ['queued statement lines', () => statements.fetchQueuePage(null)],
    ['donation totals', () => payments.fetchDonationTotals('KES')],
    ['refunds due', fetchRefundsDue],
    ...ARCHIVABLE_COLLECTIONS.map((c): [string, () => Promise<unknown>] => [`archive ${c}`, () => archivePage(c).fetch(null)]),
    ['records that may name a file (Unused files)', fetchNamingRecords],
    ['registration figures', () => figures.registrationFigures({ delegate: { label: 'Delegate' } })],
    ['partner figures', figures.partnerFigures],
    ['payment figures', figures.paymentFigures],
    ['unread messages', figures.unreadMessages],
    ['failed mail', () => figures.failedMail()],
    ['registrations per day', () => figures.registrationsPerDay(2)],
    ['seat counts', () => seats.countSeats(seats.DEFAULT_SEAT_TIMES)],
    ['free seats', () => seats.findFreeSeats(seats.DEFAULT_SEAT_TIMES)],
    ...(['active', 'all'] as const).map((view): [string, () => Promise<unknown>] => [`waiting list ${view}`, () => waitlist.fetchWaitlistPage(view, null)]),
    ['people waiting', () => timedWork.fetchWaiting(db, 20)],
    ['everyone waiting', () => timedWork.fetchAllWaiting(db)],
    ['people waiting, counted', () => waitlist.fetchWaitingCounts()],
    ['offers', () => timedWork.fetchOffered(db)],
    ['holds ending soon', () => timedWork.fetchHoldsEndingSoon(db, { ...seats.DEFAULT_SEAT_TIMES, holdReminderHours: 24 })],
    ['a slot’s holder, a registration or an offer', () => seatCapacity.findSeatHolder('x')],
    ['the slots a capacity change brings in step', () => seatCapacity.syncSeatSlots(0, seats.DEFAULT_SEAT_TIMES)],
    ['reminders sent lately', () => timedWork.remindedLately(db, { ...seats.DEFAULT_SEAT_TIMES, holdReminderHours: 24 })],
    ['reviewers to remind', () => timedWork.fetchReviewerAddresses(db)],
    ['review reminders sent', () => timedWork.fetchReviewRemindersSent(db)],
    ['a reviewer’s assignments and reviews, counted', () => timedWork.countReviewerWork(db, 'a@b.test')],
    ['a reviewer’s assignments and reviews', () => timedWork.fetchReviewerWork(db, 'a@b.test')],
    ['statement formats', fetchStatementFormats],
    ['my evaluations and certificates', () => fetchMyCpd('a@b.test')],
    ['your data: every part', () => yourData.fetchYourData('a@b.test')],
    ['your data: payments of a registration', () => yourData.byRegistration('payments', 'x')],
    ['your data: statement lines of a registration', () => yourData.byRegistration('statementLines', 'x')],
    ['evaluations of all days', () => fetchEvaluations('')],
    ['evaluations of a day', () => fetchEvaluations('2027-05-12')],
    ['checked-in attendees for certificates', () => certificates.fetchAttendeePage(null)],
    ['a checked-in attendee found by name, address or code', () => certificates.fetchAttendeeSearch('daniel kip@example.org')],
    ['checked-in count', certificates.countCheckedIn],
    ['certificates export', () => certificates.fetchAllCertificates()],
    ['data requests', fetchDataRequests],
    [
      'an erasure’s footprint',
      () => readFootprint(db, { id: 'erasure-X', address: 'a@b.test', email: 'a+x@b.test', keepCertificate: false, channel: 'online' }),
    ],
    ['the blind copies of an abstract an erasure deletes', () => blindCopiesOf(db, 'x')],
    ['payments of a record', () => recordDocuments(db, 'payments', 'x')],
    ['statement lines of a record', () => recordDocuments(db, 'statementLines', 'x')],
    ['the emails about a message an erasure deletes', () => mailAbout(db, 'messages', 'x')],
    ['addresses the retention still finds', () => heldAddresses(db, 10)],
    ['the retention of one address (its log read once)', () => retainAddresses(db, ['a@b.test'])],
    ['what the retention will anonymise (the overview)', retentionFigures],
  ];
  for (const tab of TABS) {
    for (const set of subsets({ status: 'x', paymentStatus: 'x', type: 'x' })) {
      for (const sort of Object.keys(SORTS) as Array<keyof typeof SORTS>) {
        const filters = { ...set, sort };
        q.push([`${tab} ${JSON.stringify(filters)}`, () => fetchRecordPage(tab, filters, null)]);
        q.push([`${tab} export ${JSON.stringify(filters)}`, () => exportRecords({ tab, filters })]);
      }
      q.push([`${tab} search ${JSON.stringify(set)}`, () => searchRecords(db, tab, 'odhi wanj', set, 20)]);
    }
  }
  for (const config of contentConfigs) {
    const filter = listFilter(config);
    for (const value of [null, ...(filter?.options.map((o) => o.value) ?? [])]) {
      for (const search of ['', 'ab'])
        q.push([`${config.collection} list ${String(value)} "${search}"`, () => fetchContentPage(config, listQuery(config, value, search), null)]);
    }
    const slug = editorFields(config).find((f) => f.kind === 'slug');
    if (slug) q.push([`${config.collection} slug`, () => slugTaken(config, slug.name, 'x', 'y')]);
  }
  for (const filter of subsets({ userEmail: 'a@b.test', from: '2027-05-01', to: '2027-05-02' })) {
    q.push([`logs ${JSON.stringify(filter)}`, () => fetchLogPage({ userEmail: '', from: '', to: '', ...filter }, null)]);
  }
  return q;
}

/** The lines of the app (not its tests) that query Firestore. */
function querySites(): string[] {
  const sites: string[] = [];
  const call = new RegExp(`\\b(?:db|publicReads)\\.(${QUERY_METHODS.join('|')})\\b(?!<\\w+>\\[)`);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.endsWith('lib/db.ts')) {
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (call.test(line) && !/^\s*(\/\/|\*)/.test(line) && !/typeof db\./.test(line)) sites.push(`${relative(ROOT, path)}:${i + 1}`);
          });
      }
    }
  };
  walk(join(ROOT, 'src'));
  return sites.sort();
}

let emulator: RunningEmulator;
let app: FirebaseApp;
const failures: string[] = [];

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await createEmulator({ port: 0, indexes: parseIndexConfig(JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8'))) });
  app = initializeApp({ projectId: 'demo-nci-summit', apiKey: 'demo-key' }, 'app-queries');
  seen.firestore = getFirestore(app);
  seen.port = emulator.port;
  connectFirestoreEmulator(seen.firestore, '127.0.0.1', emulator.port);
  for (const [name, run] of appQueries()) {
    await run().catch((e: Error) => failures.push(`${name}: ${e.message}`));
  }
}, 120_000);

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
});

describe('the app’s queries and firestore.indexes.json', () => {
  it('finds the content screens and the query sites to check', () => {
    expect(contentConfigs.map((c) => c.collection).sort()).toEqual([
      'events',
      'jobs',
      'procurement',
      'publications',
      'resources',
      'sessions',
      'speakers',
      'sponsors',
      'tenders',
    ]);
    expect(querySites().length).toBeGreaterThan(20);
  });

  it('serves every query the app builds (as Cloud Firestore would, or says which index to add)', () => {
    expect(failures).toEqual([]);
  });

  it('ran every line of the app that queries Firestore', () => {
    const missed = querySites().filter((site) => !seen.callers.has(site));
    expect(missed, 'add these to appQueries() with the inputs their screens give them').toEqual([]);
  });

  it('needs every composite index in the file (an index nothing uses only slows writes)', () => {
    const unused = emulator.service
      .indexUsageReport()
      .indexes.filter((i) => i.queries === 0)
      .map(({ queries: _, ...index }) => JSON.stringify(index));
    expect(unused).toEqual([]);
  });
});
