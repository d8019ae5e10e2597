// Demo content for `npm start`: a believable summit, so every public page has something real to
// show and every admin screen has rows to work on. Dates are relative to "now" so the demo never
// goes stale: the summit is always about five months away.
import { DEFAULT_CRITERIA, DEFAULT_WORD_LIMITS } from '../../src/data/abstracts.ts';
import { publishedAbstractDocuments } from './demo-abstracts.ts';
import { DEFAULT_SETTINGS, PRESENTER_CATEGORY } from '../../src/content/site.ts';
import { SEARCHABLE_COLLECTIONS, withSearchTokens, type Searchable } from '../../src/data/search-tokens.ts';
import type { MessageStatus } from '../../src/data/statuses.ts';
import { attendeePath } from '../../src/data/attendees.ts';
import { SAMPLE_BANK_FORMAT, SAMPLE_CPD_SETTINGS, SAMPLE_REGISTRATION } from './sample-forms.ts';
import { checkoutOf } from '../../src/data/registration-record.ts';
import { applicationCheckoutOf, applicationCheckoutPath } from '../../src/data/application-record.ts';
import { FREE_SEAT, seatPath, WAITING_COUNT } from '../../src/data/seats.ts';
import { waitlistPath } from '../../src/data/waitlist.ts';
import { bankFormatFormSchema, STATEMENT_FORMATS, statementFormatDocument, statementFormatId } from '../../src/data/statement-formats.ts';
import { withSeededPaymentCodes } from './payment-codes.ts';
import { CPD_SETTINGS_PATH, evaluationId, summitDays, type CpdSettings, type Evaluation } from '../../src/data/certificates.ts';
import { fileUrl } from '../../src/lib/storage-urls.ts';
import { demoFiles, largestSize } from './demo-files.ts';

export const DEMO_PROJECT_ID = 'demo-nci-summit';
/** The demo project's default Cloud Storage bucket (the app's storageBucket when it runs on the emulators). */
export const DEMO_BUCKET = `${DEMO_PROJECT_ID}.appspot.com`;
/** Where `npm start`, the build's stack and the e2e run serve Cloud Storage (firebase.json's emulators.storage). */
export const DEMO_STORAGE_HOST = '127.0.0.1:9199';

export const DEMO_STAFF = [
  { email: 'admin@summit.test', password: 'summit-admin-2027', displayName: 'Demo Admin', role: 'admin' },
  { email: 'editor@summit.test', password: 'summit-editor-2027', displayName: 'Demo Editor', role: 'editor' },
  { email: 'finance@summit.test', password: 'summit-finance-2027', displayName: 'Demo Finance', role: 'finance' },
] as const;

/**
 * Demo reviewers of abstracts (issue 39): back-office accounts with the reviewer role, which opens
 * only their Reviews screen. Each says where they work and which of the demo call's tracks they
 * review (firestore.rules reviewerProfile). The demo call is open, so nothing is assigned to them
 * yet: administrators assign once it has closed.
 */
export const DEMO_REVIEWERS = [
  {
    email: 'reviewer@summit.test',
    password: 'summit-reviewer-2027',
    displayName: 'Demo Reviewer',
    role: 'reviewer',
    institution: 'University of Nairobi',
    tracks: ['prevention', 'treatment'],
  },
  {
    email: 'reviewer2@summit.test',
    password: 'summit-reviewer2-2027',
    displayName: 'Second Reviewer',
    role: 'reviewer',
    institution: 'Moi Teaching and Referral Hospital',
    tracks: ['treatment', 'survivorship'],
  },
] as const;

const DAY = 86_400_000;

function atUtc(base: Date, dayOffset: number, hh: number, mm = 0) {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + dayOffset, hh, mm));
  return d;
}

/**
 * `siteUrl`: where the app is served (links to its pages); `storageHost`: the Storage emulator the
 * demo's files are uploaded to (demo-files.ts), which the speakers', partners' and documents'
 * addresses point at.
 */
export function demoDocuments(now = new Date(), siteUrl = 'http://localhost:5173', storageHost = DEMO_STORAGE_HOST): Array<[string, Record<string, unknown>]> {
  const files = demoFiles();
  const url = (name: string) => fileUrl(name, { bucket: DEMO_BUCKET, emulatorHost: storageHost });
  const start = atUtc(new Date(now.getTime() + 150 * DAY), 0, 6); // 09:00 in Nairobi (UTC+3)
  const end = atUtc(start, 2, 14);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const docs: Array<[string, Record<string, unknown>]> = [];
  const add = (collection: string, id: string, data: Record<string, unknown>, createdDaysAgo = 30) =>
    docs.push([`${collection}/${id}`, { id, timestamp: ago(createdDaysAgo), ...data }]);

  docs.push([
    'settings/site',
    {
      summitName: 'National Cancer Summit 2027',
      // Where email links point: the app `npm start` serves (seedDemo's siteUrl overrides it).
      siteUrl: 'http://localhost:5173',
      tagline: 'Prevention, early detection and care for every community',
      startDate: start,
      endDate: end,
      summitDays: summitDays(start, end),
      venue: 'Kenyatta International Convention Centre, Nairobi',
      registrationOpen: true,
      capacity: 1200,
      unpaidHoldHours: 72,
      holdReminderHours: 24,
      offerHours: 48,
      dataRequestDays: 14,
      retentionMonths: 24,
      currency: 'KES',
      categories: {
        delegate: { label: 'Delegate', fee: 15000 },
        student: { label: 'Student', fee: 5000 },
        survivor: { label: 'Survivor or caregiver', fee: 0 },
        international: { label: 'International delegate', fee: 30000 },
        // An accepted abstract's presenting author (issue 39): the delegate's fee, as the summit
        // asks every presenter to register as a delegate does; a committee that waives or reduces
        // it changes the fee in Settings.
        [PRESENTER_CATEGORY.key]: { label: PRESENTER_CATEGORY.label, fee: 15000 },
      },
      partnerTiers: {
        platinum: { label: 'Platinum', fee: 2500000, benefits: ['Keynote slot', 'Premium booth', '10 delegate passes', 'Logo on all materials'] },
        gold: { label: 'Gold', fee: 1500000, benefits: ['Panel seat', 'Standard booth', '6 delegate passes', 'Logo on website and banners'] },
        silver: { label: 'Silver', fee: 750000, benefits: ['Standard booth', '3 delegate passes', 'Logo on website'] },
        bronze: { label: 'Bronze', fee: 300000, benefits: ['2 delegate passes', 'Name in programme'] },
      },
      boothTypes: {
        standard: { label: 'Standard booth (3 m × 3 m)', fee: 150000 },
        premium: { label: 'Premium corner booth (3 m × 6 m)', fee: 280000 },
        community: { label: 'Community organisation table', fee: 20000 },
      },
      contactPhone: '+254 20 000 0000',
      contactEmails: ['info@summit.example.org', 'registration@summit.example.org'],
      social: {
        tiktok: 'https://www.tiktok.com/@ncisummit',
        instagram: 'https://www.instagram.com/ncisummit',
        twitter: 'https://x.com/ncisummit',
        facebook: 'https://www.facebook.com/ncisummit',
        youtube: 'https://www.youtube.com/@ncisummit',
      },
      instituteName: 'National Cancer Institute',
      instituteUrl: 'https://www.nci.go.ke',
      instituteAddress: 'P.O. Box 00000-00100, Nairobi',
      // All zeros: in the grammar, nobody's real PIN, and listed on the Overview until replaced.
      instituteKraPin: 'P000000000X',
      ministryUrl: 'https://www.health.go.ke',
      payment: {
        mobileMoneyProvider: 'M-Pesa',
        mobileMoneyPaybill: '000000',
        // Demo values, marked so nobody pays into them (the Overview lists them until replaced).
        bankName: 'DEMO Bank (not a real account)',
        bankAccountName: 'DEMO National Cancer Institute Summit',
        bankAccountNumber: '0000000000',
        bankBranch: 'Harambee Avenue',
        bankSwift: 'NBKEKENX',
      },
      invoicePrefix: 'INV-2027-',
      invoiceStartNumber: 1,
      // The copy staff edit in Settings (services, refunds, accessibility): the product's defaults.
      policies: DEFAULT_SETTINGS.policies,
    },
  ]);

  // The call for abstracts, open now (opened ten days ago, closing in two months) so /abstracts and
  // "my abstracts" can be tried at once.
  docs.push([
    'settings/abstracts',
    {
      opensAt: ago(10),
      closesAt: atUtc(new Date(now.getTime() + 60 * DAY), 0, 20), // 23:00 in Nairobi
      tracks: {
        prevention: 'Prevention and early detection',
        treatment: 'Treatment and supportive care',
        'health-systems': 'Health systems, policy and financing',
        survivorship: 'Survivorship and palliative care',
      },
      wordLimits: { ...DEFAULT_WORD_LIMITS },
      criteria: { ...DEFAULT_CRITERIA },
      reviewersPerAbstract: 2,
      guidelines:
        'Submit original work not published elsewhere, in English, structured as background, methods, results and conclusions.\n\nDo not name authors or institutions in the title or the text: reviewers read abstracts without them.\n\nThe presenting author registers for the summit once the abstract is accepted.',
    },
  ]);

  for (const s of DEMO_STAFF) add('staff', s.email, { email: s.email, role: s.role, displayName: s.displayName }, 60);
  for (const r of DEMO_REVIEWERS)
    add('staff', r.email, { email: r.email, role: r.role, displayName: r.displayName, institution: r.institution, tracks: [...r.tracks] }, 30);

  const speakers = [
    [
      'amina-otieno',
      'Dr. Amina Otieno',
      'Consultant Oncologist',
      'Kenyatta National Hospital',
      'Leads the cervical cancer screening programme across 12 counties.',
    ],
    ['james-mwangi', 'Prof. James Mwangi', 'Professor of Epidemiology', 'University of Nairobi', 'Author of the national cancer registry report.'],
    ['grace-achieng', 'Grace Achieng', 'Patient Advocate', 'Survivors Network', 'Breast cancer survivor and founder of a peer-support network.'],
    [
      'samuel-kiptoo',
      'Dr. Samuel Kiptoo',
      'Radiation Oncologist',
      'Moi Teaching and Referral Hospital',
      'Expanding access to radiotherapy outside the capital.',
    ],
    ['fatuma-hassan', 'Fatuma Hassan', 'Director of Health Financing', 'Ministry of Health', 'Works on cancer care cover under universal health coverage.'],
    ['peter-njoroge', 'Dr. Peter Njoroge', 'Paediatric Oncologist', 'Gertrude’s Children’s Hospital', 'Childhood cancer survival and family support.'],
  ];
  speakers.forEach(([id, name, title, organisation, bio], i) =>
    add('speakers', id, { name, title, organisation, bio, photoUrl: url(largestSize(files.speakers[id])), order: i + 1, published: true }, 40 - i),
  );

  const tracks = ['Prevention', 'Treatment', 'Policy'];
  const rooms = ['Plenary Hall', 'Room A', 'Room B'];
  let n = 0;
  for (let day = 0; day < 3; day++) {
    for (let slot = 0; slot < 3; slot++) {
      n++;
      const track = tracks[(day + slot) % 3];
      add('sessions', `session-${n}`, {
        title: [
          'Opening plenary: the state of cancer care',
          'HPV vaccination at scale',
          'Early detection in primary care',
          'Radiotherapy beyond the capital',
          'Financing cancer care under UHC',
          'Childhood cancer: closing the survival gap',
          'Palliative care in the community',
          'Data for decisions: the cancer registry',
          'Closing plenary and declaration',
        ][n - 1],
        description: [
          'Where the country stands on cancer prevention, diagnosis and care, and what the summit must decide.',
          'How counties reached girls in school and out of school with HPV vaccine, and what it takes to reach every one.',
          'Clinical officers and nurses on finding cancer early at dispensaries and health centres, with the referral tools that work.',
          'New radiotherapy centres outside Nairobi: waiting times, staffing and keeping machines running.',
          'What SHA cover pays for in cancer care today, what families still pay, and the options on the table.',
          'Why children with cancer in Kenya survive less often than elsewhere, and the networks closing the gap.',
          'Community health promoters, hospices and families on pain relief and care at home.',
          'What the population-based registries show, where data is missing, and how researchers can use it.',
          'The commitments of the Ministry, the counties and partners, read and signed.',
        ][n - 1],
        day: day + 1,
        startsAt: atUtc(start, day, 6 + slot * 2),
        endsAt: atUtc(start, day, 7 + slot * 2, 30),
        track,
        room: rooms[slot],
        speakerIds: [speakers[(n - 1) % speakers.length][0]],
        published: true,
      });
    }
  }

  // Accepted abstracts' public copies, some placed in the sessions above (demo-abstracts.ts).
  docs.push(...publishedAbstractDocuments(ago(3)));

  const doc = (...paragraphs: string[]) => ({
    type: 'doc',
    content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  });
  const articles = [
    ['blog', 'Why early detection saves lives', 'Screening finds cancer when treatment works best.'],
    ['news', 'Summit 2027 registration opens', 'Delegates can now register and pay online.'],
    ['research', 'Cancer incidence in the national registry', 'New figures from the population-based registry.'],
    ['awareness', 'Know the warning signs', 'Seven signs that deserve a visit to a clinic.'],
  ];
  articles.forEach(([category, title, summary], i) => {
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')}`;
    add(
      'publications',
      slug,
      {
        title,
        slug,
        category,
        summary,
        body: doc(summary, 'Read more at the summit, where the teams behind this work will present in detail.'),
        author: 'Summit Secretariat',
        published: true,
        publishedAt: ago(10 - i),
      },
      10 - i,
    );
  });

  add('events', 'pre-summit-webinar', {
    title: 'Pre-summit webinar: preparing your abstract',
    description: 'An online session for first-time presenters.',
    startsAt: new Date(now.getTime() + 30 * DAY),
    endsAt: new Date(now.getTime() + 30 * DAY + 2 * 3600_000),
    venue: 'Online',
    registrationUrl: `${siteUrl}/register`,
    published: true,
  });
  add(
    'events',
    'county-screening-day',
    {
      title: 'Screening day at Kisumu County Referral Hospital',
      description: 'Free cervical and breast screening with the county health team; survivors shared their stories.',
      startsAt: new Date(now.getTime() - 45 * DAY),
      endsAt: new Date(now.getTime() - 45 * DAY + 6 * 3600_000),
      venue: 'Kisumu County Referral Hospital',
      published: true,
    },
    60,
  );
  add('jobs', 'summit-volunteer-coordinator', {
    title: 'Summit volunteer coordinator',
    slug: 'summit-volunteer-coordinator',
    summary: 'Coordinate 80 volunteers before and during the summit.',
    body: doc('You will recruit, train and schedule the volunteer team.'),
    location: 'Nairobi',
    deadline: new Date(now.getTime() + 45 * DAY),
    howToApply: 'Send a CV and cover letter to careers@summit.example.org.',
    advertUrl: url(files.advert.name),
    published: true,
  });
  add('tenders', 'audio-visual-services', {
    title: 'Audio-visual services for the summit',
    reference: 'NCI/T/2027/004',
    description: 'Supply and operation of sound, projection and recording for three days.',
    closingDate: new Date(now.getTime() + 20 * DAY),
    documents: [{ name: 'Tender document (PDF)', url: url(files.tender.name) }],
    published: true,
  });
  add('tenders', 'conference-bags', {
    title: 'Supply of conference bags',
    reference: 'NCI/T/2027/001',
    description: 'Supply of 1,500 branded conference bags.',
    closingDate: new Date(now.getTime() - 10 * DAY),
    documents: [],
    published: true,
  });
  add('resources', 'national-cancer-control-strategy', {
    title: 'National Cancer Control Strategy',
    type: 'document',
    description: 'The national strategy for cancer prevention and control.',
    url: url(files.strategy.name),
    published: true,
  });
  add('resources', 'summit-2025-report', {
    title: 'Summit 2025 report',
    type: 'report',
    description: 'Outcomes and commitments from the previous summit.',
    url: url(files.report.name),
    published: true,
  });
  // Fictional partners: websites on the reserved .example domain, logos uploaded by the seed.
  const partners: Array<[string, string, string]> = [
    ['platinum', 'Global Oncology Alliance', 'https://globaloncology.example'],
    ['gold', 'East Africa Health Foundation', 'https://eahealthfoundation.example'],
    ['silver', 'Community Screening Trust', 'https://screeningtrust.example'],
  ];
  partners.forEach(([tier, organisation, website], i) =>
    add('sponsors', `demo-sponsor-${i + 1}`, {
      organisation,
      tier,
      website,
      logoUrl: url(largestSize(files.sponsors[`demo-sponsor-${i + 1}`])),
      published: true,
    }),
  );
  partners.forEach(([tier, organisation, website], i) =>
    add('partners', `demo-partner-${i + 1}`, {
      kind: 'partner',
      organisation,
      website,
      tier,
      contactName: 'Partnerships Office',
      // The buyer's KRA PIN, for its invoice: the second gives none (as a foreign partner would not).
      kraPin: i === 1 ? '' : `P00000000${i + 1}Q`,
      email: `partner${i + 1}@example.org`,
      phone: '+254 700 000 000',
      message: 'We would like to support the summit.',
      status: 'confirmed',
      paymentStatus: 'paid',
      fee: 0,
      currency: 'KES',
      published: false,
    }),
  );
  const people: Array<[string, string, string, string, string]> = [
    ['Wanjiru Kamau', 'Kenyatta National Hospital', 'Oncology Nurse', 'delegate', 'confirmed'],
    ['Brian Odhiambo', 'University of Nairobi', 'Medical Student', 'student', 'pending'],
    ['Mary Atieno', 'Survivors Network', 'Volunteer', 'survivor', 'confirmed'],
    ['John Smith', 'Global Oncology Alliance', 'Programme Officer', 'international', 'pending'],
    ['Halima Abdi', 'Garissa County Hospital', 'Clinical Officer', 'delegate', 'cancelled'],
    ['Daniel Kiprono', 'Moi University', 'Researcher', 'delegate', 'checked-in'],
  ];
  const fees: Record<string, number> = { delegate: 15000, student: 5000, survivor: 0, international: 30000 };
  people.forEach(([fullName, organisation, jobTitle, category, status], i) => {
    const fee = fees[category];
    const paid = status === 'confirmed' || status === 'checked-in';
    add(
      'registrations',
      `demo-registration-${i + 1}`,
      {
        fullName,
        email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`,
        phone: '+254 700 000 00' + i,
        organisation,
        jobTitle,
        country: category === 'international' ? 'United Kingdom' : 'Kenya',
        category,
        attendanceMode: i % 3 === 2 ? 'virtual' : 'in-person',
        accessibilityNeeds: '',
        dietaryNeeds: i === 0 ? 'Vegetarian' : '',
        consent: true,
        fee,
        currency: 'KES',
        status,
        paymentStatus: fee === 0 ? 'not-required' : paid ? 'paid' : 'unpaid',
      },
      12 - i,
    );
  });

  // ---- demo: CPD certificates (src/data/certificates.ts) ----
  // Settings a provider would fill in, and the checked-in delegate's first two summit days with one
  // evaluation (day 1's): two days meet the rule, but day 2's evaluation is missing, so the issuing
  // screen shows a "why not" until it is submitted.
  const cpd: CpdSettings = SAMPLE_CPD_SETTINGS;
  docs.push([CPD_SETTINGS_PATH, { ...cpd }]);
  const [day1, day2] = summitDays(start, end);
  const attendee = docs.find(([path]) => path === 'registrations/demo-registration-6')![1];
  const admitted = { [day1]: atUtc(start, 0, 6, 5), [day2]: atUtc(start, 1, 5, 50) }; // 09:05 and 08:50 in Nairobi
  Object.assign(attendee, { attendance: admitted, checkedInAt: admitted[day2] });
  const evaluation: Evaluation = {
    registrationId: 'demo-registration-6',
    day: day1,
    email: String(attendee.email),
    answers: [
      { id: 'content', value: 5 },
      { id: 'speakers', value: 4 },
      { id: 'improve', value: 'More time for questions after the panels, please.' },
    ],
    submittedAt: atUtc(start, 0, 14, 30),
  };
  docs.push([`evaluations/${evaluationId('demo-registration-6', day1)}`, { ...evaluation }]);
  // The day evaluated on the registration too, as the evaluation's commit writes it (evaluationWrites):
  // what the issuing screen and the rules count.
  attendee.evaluatedDays = { [day1]: evaluation.submittedAt };

  // ---- demo: payments and invoices ----
  // Payments in every state, so /admin/payments has work on `npm start`: two references awaiting
  // verification (a registration and a booth whose records say 'submitted'), verified ones for
  // records already paid (one recorded by finance at the desk), a rejected one, and donation pledges.
  // No invoices: the first one issued locks the numbering in Settings, which stays editable until then.
  add(
    'registrations',
    'demo-registration-awaiting-1',
    {
      fullName: 'Amani Wekesa',
      email: 'amani.wekesa@example.org',
      phone: '+254 700 000 010',
      organisation: 'Kisumu County Referral Hospital',
      jobTitle: 'Pharmacist',
      country: 'Kenya',
      category: 'delegate',
      attendanceMode: 'in-person',
      accessibilityNeeds: '',
      dietaryNeeds: '',
      consent: true,
      fee: 15000,
      currency: 'KES',
      status: 'pending',
      paymentStatus: 'submitted',
      lastPaymentId: 'demo-payment-submitted-1',
    },
    3,
  );
  add(
    'partners',
    'demo-booth-awaiting-1',
    {
      kind: 'booth',
      organisation: 'Pharma Access Kenya',
      contactName: 'Esther Mutua',
      email: 'esther@pharma-access.example.org',
      phone: '+254 700 000 020',
      kraPin: 'P000000009K',
      boothType: 'standard',
      staffCount: 3,
      requirements: 'Power for two screens.',
      fee: 150000,
      currency: 'KES',
      status: 'pending',
      paymentStatus: 'submitted',
      lastPaymentId: 'demo-payment-submitted-2',
      published: false,
    },
    4,
  );
  const payment = (id: string, daysAgo: number, data: Record<string, unknown>) => add('payments', id, { currency: 'KES', note: '', ...data }, daysAgo);
  payment('demo-payment-submitted-1', 2, {
    payerName: 'Amani Wekesa',
    method: 'mobile-money',
    reference: 'QWE12345RT',
    amount: 15000,
    targetCollection: 'registrations',
    targetId: 'demo-registration-awaiting-1',
    status: 'submitted',
  });
  payment('demo-payment-submitted-2', 1, {
    payerName: 'Pharma Access Kenya',
    method: 'bank-transfer',
    reference: 'FT27001XYZ',
    amount: 150000,
    targetCollection: 'partners',
    targetId: 'demo-booth-awaiting-1',
    status: 'submitted',
  });
  payment('demo-payment-verified-1', 10, {
    payerName: 'Wanjiru Kamau',
    method: 'mobile-money',
    reference: 'RTY67890QW',
    amount: 15000,
    targetCollection: 'registrations',
    targetId: 'demo-registration-1',
    status: 'verified',
    verifiedBy: 'finance@summit.test',
    verifiedAt: ago(9),
    note: 'On the M-Pesa statement.',
  });
  payment('demo-payment-verified-2', 7, {
    payerName: 'Daniel Kiprono',
    method: 'cash',
    reference: 'RCPT-0042',
    amount: 15000,
    targetCollection: 'registrations',
    targetId: 'demo-registration-6',
    status: 'verified',
    manual: true,
    verifiedBy: 'finance@summit.test',
    verifiedAt: ago(7),
    note: 'Paid at the desk.',
  });
  payment('demo-payment-rejected-1', 5, {
    payerName: 'John Smith',
    method: 'bank-transfer',
    reference: 'WIRE 2027/118',
    amount: 30000,
    targetCollection: 'registrations',
    targetId: 'demo-registration-4',
    status: 'rejected',
    rejectedBy: 'finance@summit.test',
    rejectedAt: ago(4),
    note: 'No such transfer on the bank statement.',
  });
  const pledge = (id: string, daysAgo: number, data: Record<string, unknown>) =>
    add('donations', id, { message: '', anonymous: false, currency: 'KES', status: 'pledged', ...data }, daysAgo);
  pledge('demo-donation-1', 6, { name: 'Grace Njeri', email: 'grace.njeri@example.org', amount: 5000, message: 'In memory of my mother.' });
  pledge('demo-donation-2', 3, { name: 'A well-wisher', email: 'wellwisher@example.org', amount: 20000, anonymous: true });
  pledge('demo-donation-3', 15, {
    name: 'Rotary Club of Nairobi',
    email: 'rotary@example.org',
    amount: 100000,
    status: 'received',
    receivedAt: ago(12),
    receivedBy: 'finance@summit.test',
  });

  // ---- demo: staff-managed content ----
  // A draft of each kind the public site never shows until an editor publishes it, and one
  // procurement record per stage (procurement is internal, so it has no published flag).
  add(
    'publications',
    'demo-draft-publication',
    {
      title: 'Survivorship care after treatment',
      slug: 'survivorship-care-after-treatment',
      category: 'blog',
      summary: 'What follow-up care should look like once treatment ends.',
      body: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'A plan for every survivor' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Draft: ' },
              { type: 'text', marks: [{ type: 'bold' }], text: 'not yet reviewed' },
            ],
          },
        ],
      },
      author: 'Summit Secretariat',
      coverImageUrl: '',
      coverImageAlt: '',
      published: false,
    },
    2,
  );
  add(
    'events',
    'demo-draft-event',
    {
      title: 'Post-summit webinar: commitments one month on',
      description: 'A progress check on the declaration signed at the summit.',
      startsAt: new Date(end.getTime() + 30 * DAY),
      endsAt: new Date(end.getTime() + 30 * DAY + 90 * 60_000),
      venue: 'Online',
      registrationUrl: '',
      published: false,
    },
    3,
  );
  const stages = ['planned', 'requested', 'evaluating', 'awarded', 'closed'];
  const purchases: Array<[title: string, supplier: string, amount: number | null, notes: string]> = [
    ['Delegate lanyards and badges', '', null, 'Quantities follow the registration count.'],
    ['Interpretation services (English, Kiswahili, French)', '', 1_200_000, ''],
    ['Venue catering for three days', '', 4_500_000, 'Three bids received.'],
    ['Audio-visual services', 'Nairobi Sound & Vision Ltd', 2_750_000, ''],
    ['Printing of the summit programme', 'Jomo Printers', 380_000, 'Delivered and paid.'],
  ];
  purchases.forEach(([title, supplier, amount, notes], i) =>
    add(
      'procurement',
      `demo-procurement-${stages[i]}`,
      {
        title,
        reference: `NCI/P/2027/${String(i + 1).padStart(3, '0')}`,
        stage: stages[i],
        supplier,
        amount,
        currency: 'KES',
        documents: i >= 2 ? [{ name: 'Request for quotation (PDF)', url: `${siteUrl}/demo/documents/NCI-P-2027-00${i + 1}.pdf` }] : [],
        notes,
      },
      20 - i * 3,
    ),
  );

  // ---- demo: messages, activity log ----
  const messages: Array<[string, string, string, string, MessageStatus]> = [
    [
      'Esther Wambui',
      'esther.wambui@example.org',
      'Group registration for our county team',
      'We are 14 health workers from Nyeri County. Can we register as a group and pay with one invoice?',
      'unread',
    ],
    ['Omar Said', 'omar.said@example.org', 'Abstract submission deadline', 'When is the deadline for poster abstracts, and is there a template?', 'unread'],
    [
      'Lucy Chebet',
      'lucy.chebet@example.org',
      'Wheelchair access at the venue',
      'I use a wheelchair. Are the plenary hall and breakout rooms step-free?',
      'read',
    ],
    [
      'Media Desk',
      'newsroom@example.org',
      'Press accreditation',
      'Our newsroom would like to cover the opening plenary. How do journalists get accredited?',
      'read',
    ],
  ];
  messages.forEach(([name, email, subject, message, status], i) => add('messages', `demo-message-${i + 1}`, { name, email, subject, message, status }, 6 - i));
  // Archived last month: the Archive screen has a message to restore.
  add(
    'archive/messages/items',
    'demo-message-archived',
    { name: 'Peter Kamau', email: 'peter.kamau@example.org', subject: 'Old question about parking', message: 'Is there parking at the venue?', status: 'read' },
    40,
  );
  const [adminEmail, editorEmail, financeEmail] = DEMO_STAFF.map((s) => s.email);
  const logs: Array<[string, string, number]> = [
    [adminEmail, 'Updated settings: capacity, venue', 9],
    [editorEmail, "Published 'Why early detection saves lives'", 8],
    [financeEmail, 'Verified payment of Wanjiru Kamau (KES 15,000)', 7],
    [editorEmail, "Published 'Know the warning signs'", 5],
    [adminEmail, 'Archived message demo-message-archived', 4],
  ];
  logs.forEach(([userEmail, message, daysAgo], i) => add('logs', `demo-log-${i + 1}`, { message, userEmail }, daysAgo));

  // Every registration and application has its payment code and claim, before the checkouts copy it.
  docs.push(...withSeededPaymentCodes(docs));
  docs.push(...seatDocuments(docs, now));
  // And every application its checkout projection (src/data/application-record.ts), as the site writes one.
  for (const [path, a] of [...docs])
    if (path.startsWith('partners/')) docs.push([applicationCheckoutPath(String(a.id)), applicationCheckoutOf(a as Record<string, unknown> & { id: string })]);
  // The public content version (src/data/content-version.ts) starts at 1: prerendered pages read
  // it, and a missing document would answer them with a 404 (a console error) until the first
  // staff change.
  docs.push(['counters/content', { version: 1 }]);
  // The waiting list (src/data/waitlist.ts): the demo summit has free seats, and while anyone waits
  // free seats go to the list first (nobody could register), so its entries are past ones: an offer
  // that lapsed unclaimed, and two people who left. Entries hold the register form as sent (no id
  // field: the rules name every field). The count of people waiting (counters/waitlist) is zero.
  const waitlist: Array<[string, string, string, number, string]> = [
    ['Faith Njeri', 'faith.njeri@example.org', 'delegate', 3, 'passed'],
    ['Samuel Mutua', 'samuel.mutua@example.org', 'student', 2, 'withdrawn'],
    ['Grace Achieng', 'grace.achieng@example.org', 'delegate', 4, 'withdrawn'],
  ];
  for (const [fullName, email, category, daysAgo, status] of waitlist) {
    const form = { ...SAMPLE_REGISTRATION, fullName, email, organisation: 'Nakuru Level 5 Hospital', category };
    docs.push([waitlistPath(email), { email, fullName, category, form, position: ago(daysAgo), status, offer: null, timestamp: ago(daysAgo) }]);
  }
  docs.push([`${WAITING_COUNT.collection}/${WAITING_COUNT.id}`, { waiting: 0, lastAddress: '' }]);
  // One bank's statement layout (Settings › Statement formats), as finance would type it, so the
  // demo can import a bank CSV besides M-Pesa's.
  const kcb = bankFormatFormSchema.parse(SAMPLE_BANK_FORMAT);
  docs.push([`${STATEMENT_FORMATS}/${statementFormatId(kcb.name)}`, { ...statementFormatDocument(statementFormatId(kcb.name), kcb) }]);
  // Staff search finds records by their tokens, written as the site writes them, whichever section added the record.
  for (const entry of docs)
    if (SEARCHABLE_COLLECTIONS.includes(entry[0].split('/')[0])) entry[1] = withSearchTokens(entry[1] as Searchable & Record<string, unknown>);
  return docs;
}

/**
 * The seat slots (src/data/seats.ts) for the settings' capacity: every demo registration that is
 * not cancelled holds one (held from now while unpaid, so the demo's holds are live; taken
 * otherwise), with its address's entry and its checkout projection; the other slots are free.
 */
function seatDocuments(docs: Array<[string, Record<string, unknown>]>, now: Date): Array<[string, Record<string, unknown>]> {
  const capacity = Number(new Map(docs).get('settings/site')!.capacity);
  const out: Array<[string, Record<string, unknown>]> = [];
  let n = 0;
  for (const entry of docs) {
    const [path, r] = entry;
    if (!path.startsWith('registrations/')) continue;
    if (r.status !== 'cancelled') {
      n++;
      const claim = `DEMOSEATCLAIM${String(n).padStart(4, '0')}`;
      entry[1] = { ...r, seat: String(n), seatClaim: claim, heldSince: now };
      out.push([seatPath(n), { state: r.paymentStatus === 'unpaid' ? 'held' : 'taken', claim, heldSince: now }]);
      out.push([attendeePath(String(r.email)), { registrationId: r.id, heldSince: now }]);
    }
    out.push([`checkouts/${String(r.id)}`, checkoutOf(entry[1] as Record<string, unknown> & { id: string })]);
  }
  for (let free = n + 1; free <= capacity; free++) out.push([seatPath(free), { ...FREE_SEAT }]);
  return out;
}
