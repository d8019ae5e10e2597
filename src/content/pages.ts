// Copy of the public pages that are not a list of records, keyed by route id (src/app/routes.ts),
// so one InfoPage module serves them all. `[words](/path)` is a link (components/CopyText.tsx).
// Where the truth lives in settings (what staff can change: refunds, accessibility, the services,
// which tiers include a booth, the mailbox), the copy is a function of the settings, never a
// second, hard-coded version of it.
import { href } from 'react-router';
import type { SiteSettings } from '../data/site-settings-schema.ts';
import { responseDays } from './response-days.ts';
import { retentionMonths } from './retention.ts';
import { titledBlocksOf } from '../lib/paragraphs.ts';

type Copy = string | ((settings: SiteSettings) => string);

export interface PageSection {
  heading: string;
  paragraphs: Copy[];
}

export interface PageCopy {
  title: string;
  description: string;
  intro: Copy;
  /** Staff-written sections (`policies.services`) come from settings. */
  sections: PageSection[] | ((settings: SiteSettings) => PageSection[]);
  /** Rendered as a list of questions that open to their answers. */
  faq?: Array<{ q: string; a: Copy }>;
}

/** The mailbox people write to about their registration and their data: the last listed, usually registration@. */
export const dataMailbox = (s: SiteSettings) => s.contactEmails.at(-1) ?? '';
const writeTo = (s: SiteSettings) => (dataMailbox(s) ? `[${dataMailbox(s)}](mailto:${dataMailbox(s)})` : `us through the [contact page](${href('/contact')})`);

/** Tiers whose benefits mention a booth, named as settings name them. */
export function tiersWithBooth(s: SiteSettings): string[] {
  return Object.values(s.partnerTiers)
    .filter((t) => (t.benefits ?? []).some((b) => /booth/i.test(b)))
    .map((t) => t.label);
}

const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export const PAGES: Record<string, PageCopy> = {
  services: {
    title: 'Services',
    description: 'Cancer services of the National Cancer Institute and how to reach them.',
    intro: 'The institute coordinates cancer prevention, screening, treatment and care across the country.',
    sections: (s) => titledBlocksOf(s.policies.services),
  },
  faq: {
    title: 'Frequently Asked Questions',
    description: 'Answers about registration, payment, the venue and the programme.',
    intro: `The questions delegates ask most. Anything else: [contact us](${href('/contact')}).`,
    sections: [],
    faq: [
      {
        q: 'How do I pay for my registration?',
        a: `After registering you get a reference. Pay by mobile money or bank transfer with that reference, then submit the transaction reference on your checkout page. Staff verify it, usually within two working days, and your e-ticket appears on the same page. Come back to it any time from [Pay or view my ticket](${href('/checkout')}).`,
      },
      {
        q: 'Is there a free category?',
        a: 'Yes: survivors and caregivers attend free. Their registration is confirmed at once and the e-ticket is available straight away.',
      },
      {
        q: 'Can I attend online?',
        a: (s) =>
          `The summit is held in person${s.venue ? ` at ${s.venue}` : ''}, and there is no livestream. Choosing “Online” when you register tells the organisers you would follow from afar; your e-ticket is the same QR code everyone gets, and it admits you in person too.`,
      },
      { q: 'What is the refund policy?', a: (s) => s.policies.refunds },
      {
        q: 'I lost my reference.',
        a: `It is in your confirmation email. If you cannot find it, [contact us](${href('/contact')}) with the email you registered with.`,
      },
      { q: 'Is the venue accessible?', a: (s) => s.policies.accessibility },
      {
        q: 'Can my organisation exhibit?',
        a: (s) => {
          const tiers = tiersWithBooth(s);
          return `Yes: book a booth on the [Partnerships](${href('/partnerships')}) page. ${tiers.length ? `The ${listed(tiers)} partnership tier${tiers.length > 1 ? 's include' : ' includes'} a booth; other tiers do not.` : 'No partnership tier includes a booth at present.'}`;
        },
      },
    ],
  },
  terms: {
    title: 'Terms and Conditions',
    description: 'Terms for registration, payment and use of this website.',
    intro: 'These terms apply to registrations, payments and the use of this website.',
    sections: [
      {
        heading: 'Registration',
        paragraphs: [
          'A registration is confirmed when the fee for its category is paid and verified, or at once for free categories. Badges are personal and not transferable without written agreement from the organisers.',
        ],
      },
      { heading: 'Payment and refunds', paragraphs: [(s) => s.policies.refunds] },
      {
        heading: 'Your data',
        paragraphs: [
          `We use your details to run the summit and to contact you about it, and we never sell them. The [Privacy Policy](${href('/privacy-policy')}) says what we keep, why, for how long, and your rights.`,
        ],
      },
      { heading: 'Conduct', paragraphs: ['The summit is a respectful space for everyone. The organisers may refuse entry to anyone who harasses others.'] },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    description: 'What personal data the summit keeps, why, for how long, and your rights under the Data Protection Act, 2019.',
    intro: (s) => `${s.instituteName} runs the summit and is responsible for the personal data this website collects, under Kenya’s Data Protection Act, 2019.`,
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'When you register: your name, email, phone, organisation, job title, category, how you will attend, and any accessibility or dietary needs you tell us. When you pay: the transaction reference, the name on the payment and the amount. When you apply as a partner, book a booth, write to us or pledge a donation: what you enter in that form.',
          'We also record when you check in at the summit. Our analytics counts page views without cookies and without recording who you are.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To run the summit you registered for (your ticket, payment, badge and check-in), to answer what you sent us, and to tell you about the summit. Accessibility and dietary needs are used only to arrange your support and meals. The legal basis is your consent and the contract of your registration.',
        ],
      },
      {
        heading: 'Who sees it',
        paragraphs: [
          'The summit’s staff, each only for their work. Your registration, with any accessibility or dietary needs, is seen only by the organisers and the registration desk; the staff who edit the website see none of it. Every export of attendees’ details is recorded, and needs go into one only with a reason. Our email provider delivers our messages to you. We never sell your data, and partners see your details only if you give them at their booth.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          (s) =>
            `Registrations, waiting-list entries, messages, pledges and the emails about them: ${retentionMonths(s)} months after the summit ends. Then names, addresses, phone numbers, needs and messages are erased; what is left (amounts, dates and seats) names nobody, and a CPD certificate keeps only the name it prints, so it can still be checked. Payment and invoice records: seven years, as Kenyan tax law requires. Partner applications: as long as the partnership needs them; write to us to have them deleted sooner.`,
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          (s) =>
            `Under the Data Protection Act, 2019 you may ask to see the data we hold about you, to correct it, to delete it, to object to its use, and to receive it in a portable form. Once you have registered, [my registration](${href('/my-registration')}) lets you do most of this yourself: download everything we hold about you, correct your name, phone, organisation and needs, and ask us to erase your data. We answer every request within ${responseDays(s)} days. If you are not satisfied, you may complain to the [Office of the Data Protection Commissioner](https://www.odpc.go.ke).`,
        ],
      },
      { heading: 'Contact', paragraphs: [(s) => `Write to ${writeTo(s)}, with the reference of your registration if you have one.`] },
    ],
  },
  'work-with-us': {
    title: 'Work With Us',
    description: 'Volunteer, partner or join the summit team.',
    intro: 'There are many ways to help make the summit happen.',
    sections: [
      {
        heading: 'Volunteer',
        paragraphs: [
          `About 80 volunteers welcome delegates, guide speakers and run the registration desk. Training is provided. Write to us through the [contact page](${href('/contact')}).`,
        ],
      },
      {
        heading: 'Partner or exhibit',
        paragraphs: [`Organisations can support the summit as partners or exhibit at a booth: see [Partnerships](${href('/partnerships')}).`],
      },
      {
        heading: 'Join the team',
        paragraphs: [
          `Paid positions are advertised on the [Careers page](${href('/careers')}); tenders for suppliers on the [Tenders page](${href('/tenders')}).`,
        ],
      },
    ],
  },
};

/** The copy with every settings-derived part filled in. */
export function pageText(copy: PageCopy, settings: SiteSettings) {
  const fill = (c: Copy) => (typeof c === 'function' ? c(settings) : c);
  return {
    title: copy.title,
    intro: fill(copy.intro),
    sections: (typeof copy.sections === 'function' ? copy.sections(settings) : copy.sections).map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map(fill),
    })),
    faq: copy.faq?.map((f) => ({ q: f.q, a: fill(f.a) })),
  };
}
