// The demo's accepted abstracts (issue 39): public copies only, so /program, /abstract-book and each
// abstract's page show something on `npm start`. They are built by publishWrites from abstracts the
// demo call would accept (tests/unit/seed-published-abstracts.test.ts holds them to it), three of
// them placed in the demo's sessions.
//
// Why not the authors' abstracts and the committee's decisions too: the demo's call is open (so
// /abstracts can be tried), and an abstract submitted to an open call is still its author's to
// change, which would leave its public copy behind; and the committee's e2e assigns every
// submitted abstract of the stack, which seeded ones would join. The copies stand for a cycle
// already decided; the back office's Abstracts in the programme lists them as copies nothing
// accepts (and can unpublish them).
import type { AbstractContent, Presentation } from '../../src/data/abstracts.ts';
import { publishWrites, type PublishedAbstract } from '../../src/data/published-abstracts.ts';

interface DemoAbstract {
  id: string;
  content: AbstractContent;
  /** As the committee accepted it. */
  presentation: Presentation;
  /** The demo session (demo-data.ts session-N) and place, or none. */
  session?: [string, number];
}

const content = (c: Omit<AbstractContent, 'conflicts' | 'consent'>): AbstractContent => ({ ...c, conflicts: 'None declared.', consent: true });

export const DEMO_ABSTRACTS: DemoAbstract[] = [
  {
    id: 'demo-abstract-hpv-schools',
    presentation: 'oral',
    session: ['session-2', 0],
    content: content({
      title: 'Reaching girls out of school with HPV vaccine in Kilifi County',
      authors: ['Mercy Kadzo', 'Dr. Hassan Mwinyi', 'Janet Wambui'],
      affiliations: ['Kilifi County Department of Health', 'KEMRI-Wellcome Trust Research Programme', 'Kilifi County Department of Health'],
      presenting: 0,
      track: 'prevention',
      presentation: 'oral',
      background: 'School-based HPV vaccination misses girls who are not enrolled, who are often at higher risk.',
      methods:
        'Community health promoters listed out-of-school girls aged 10 to 14 in four sub-counties and offered vaccination at outreach days between March and August 2025.',
      results: 'Of 2,140 girls listed, 1,612 (75%) received a first dose, against 38% coverage of out-of-school girls the year before.',
      conclusions: 'Household listing by community health promoters doubles coverage of girls the school programme misses.',
      keywords: 'HPV vaccination, community health promoters, equity',
    }),
  },
  {
    id: 'demo-abstract-via-nurses',
    presentation: 'oral',
    session: ['session-3', 0],
    content: content({
      title: 'Nurse-led visual inspection with acetic acid at level 2 facilities',
      authors: ['Faith Chepkoech', 'Dr. Amina Otieno'],
      affiliations: ['Moi Teaching and Referral Hospital', 'Kenyatta National Hospital'],
      presenting: 0,
      track: 'prevention',
      presentation: 'oral',
      background: 'Most women in rural Kenya first meet the health system at a dispensary, where cervical screening is rarely offered.',
      methods:
        'We trained 64 nurses at 32 dispensaries in Uasin Gishu to screen with VIA and treat with thermal ablation, and followed 6,000 women for a year.',
      results: 'Screening rose from 4% to 29% of eligible women; 5.1% were VIA positive and 88% of them were treated the same day.',
      conclusions: 'Screen-and-treat by trained nurses at level 2 facilities is feasible and keeps women in care.',
      keywords: 'cervical cancer, screening, task sharing',
    }),
  },
  {
    id: 'demo-abstract-referral-sms',
    presentation: 'poster',
    session: ['session-3', 1],
    content: content({
      title: 'Text message reminders and completed referrals for suspected breast cancer',
      authors: ['Brian Otieno', 'Lucy Nyambura', 'Prof. James Mwangi'],
      affiliations: ['University of Nairobi', 'Kenyatta National Hospital', 'University of Nairobi'],
      presenting: 1,
      track: 'treatment',
      presentation: 'poster',
      background: 'Half of the women referred from primary care with a breast lump never reach a diagnostic centre.',
      methods: 'A randomised trial of three text message reminders against usual care among 820 women referred from 14 health centres in Nairobi.',
      results: 'Referrals were completed within 30 days by 71% with reminders and 52% without (risk difference 19 points, 95% CI 12 to 26).',
      conclusions: 'Simple reminders close a third of the referral gap at almost no cost.',
      keywords: 'breast cancer, referral, mHealth',
    }),
  },
  {
    id: 'demo-abstract-sha-costs',
    presentation: 'poster',
    content: content({
      title: 'What families still pay for chemotherapy under SHA cover',
      authors: ['Fatuma Hassan', 'Daniel Kiprono'],
      affiliations: ['Ministry of Health', 'Strathmore University Business School'],
      presenting: 1,
      track: 'health-systems',
      presentation: 'oral',
      background: 'Cancer care was added to public cover in 2024, yet families report large payments out of pocket.',
      methods: 'A survey of 410 households of patients on chemotherapy at four public hospitals, with receipts for six months.',
      results: 'Median out-of-pocket spending was KES 38,000 over six months, 60% of it on transport, tests and drugs out of stock.',
      conclusions: 'Cover for drugs alone leaves the costs around them; stock-outs and transport need their own answers.',
      keywords: 'financial protection, universal health coverage, chemotherapy',
    }),
  },
  {
    id: 'demo-abstract-home-morphine',
    presentation: 'poster',
    content: content({
      title: 'Oral morphine at home through community health promoters in Nyeri',
      authors: ['Grace Achieng', 'Dr. Peter Njoroge'],
      affiliations: ['Survivors Network', 'Nyeri County Referral Hospital'],
      presenting: 0,
      track: 'survivorship',
      presentation: 'poster',
      background: 'Few patients dying of cancer at home in Kenya have access to oral morphine.',
      methods: 'A hospice trained community health promoters to check pain and supply refills of oral morphine prescribed by its nurses, over one year.',
      results: 'Of 146 patients, 131 had pain controlled at two weeks; no morphine went missing in 1,900 home visits.',
      conclusions: 'Community health promoters can safely extend hospice pain relief to patients at home.',
      keywords: 'palliative care, pain, morphine',
    }),
  },
];

/** The copies as publishing stores them (publishedAt a date: the seed writes past the rules), placed where given. */
export function publishedAbstractDocuments(publishedAt: Date): Array<[string, Record<string, unknown>]> {
  return DEMO_ABSTRACTS.flatMap(({ id, content, presentation, session }) => {
    const [listing, text] = publishWrites(
      { ...content, id, email: '', status: 'submitted', createdAt: publishedAt, updatedAt: publishedAt, submittedAt: publishedAt },
      presentation,
    ) as Array<{
      set: string;
      data: Record<string, unknown>;
    }>;
    const placed: Pick<PublishedAbstract, 'sessionId' | 'sessionOrder'> = session
      ? { sessionId: session[0], sessionOrder: session[1] }
      : { sessionId: '', sessionOrder: 0 };
    return [
      [listing.set, { ...listing.data, ...placed, publishedAt }],
      [text.set, text.data],
    ] as Array<[string, Record<string, unknown>]>;
  });
}
