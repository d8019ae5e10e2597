// Copy of the public pages that staff do not edit, keyed by route id (src/app/routes.ts), so one
// InfoPage module serves them all.
export interface PageCopy {
  title: string;
  description: string;
  intro: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
  /** Rendered as a list of questions that open to their answers. */
  faq?: Array<{ q: string; a: string }>;
}

export const PAGES: Record<string, PageCopy> = {
  services: {
    title: 'Services',
    description: 'Cancer services of the National Cancer Institute and how to reach them.',
    intro: 'The institute coordinates cancer prevention, screening, treatment and care across the country.',
    sections: [
      { heading: 'Screening', paragraphs: ['Free cervical, breast and prostate cancer screening at county referral hospitals and outreach camps. Ask at any public health facility for the nearest screening day.'] },
      { heading: 'Treatment referral', paragraphs: ['Radiotherapy, chemotherapy and surgery are offered at regional cancer centres. Your facility refers you with your results; you do not need an appointment to be referred.'] },
      { heading: 'Palliative care and support', paragraphs: ['Pain relief, counselling and home-based care through palliative care units and partner networks of survivors and caregivers.'] },
      { heading: 'The national cancer registry', paragraphs: ['Population-based data on cancer incidence and survival that guide national planning. Researchers can request anonymised data.'] },
    ],
  },
  faq: {
    title: 'Frequently Asked Questions',
    description: 'Answers about registration, payment, the venue and the programme.',
    intro: 'The questions delegates ask most. Anything else: contact us.',
    sections: [],
    faq: [
      { q: 'How do I pay for my registration?', a: 'After registering you get a reference. Pay by mobile money or bank transfer with that reference, then submit the transaction reference on your checkout page. Staff verify it, usually within two working days, and your e-ticket appears on the same page.' },
      { q: 'Is there a free category?', a: 'Yes: survivors and caregivers attend free. Their registration is confirmed at once and the e-ticket is available straight away.' },
      { q: 'Can I attend online?', a: 'Yes. Choose "Online" as your attendance when you register; the link is sent before the summit.' },
      { q: 'I lost my reference.', a: 'It is in your confirmation email. If you cannot find it, contact us with the email you registered with.' },
      { q: 'Is the venue accessible?', a: 'Yes. Tell us your accessibility needs when you register and we will arrange seating, sign language interpretation or other support.' },
      { q: 'Can my organisation exhibit?', a: 'Yes: book a booth on the Partnerships page. Partnership tiers include a booth.' },
    ],
  },
  terms: {
    title: 'Terms and Conditions',
    description: 'Terms for registration, payment and use of this website.',
    intro: 'These terms apply to registrations, payments and the use of this website.',
    sections: [
      { heading: 'Registration', paragraphs: ['A registration is confirmed when the fee for its category is paid and verified, or at once for free categories. Badges are personal and not transferable without written agreement from the organisers.'] },
      { heading: 'Payment and refunds', paragraphs: ['Fees are in Kenyan shillings. Cancellations received 30 days or more before the summit are refunded less bank charges; later cancellations are not refunded but the registration may be transferred to a colleague.'] },
      { heading: 'Your data', paragraphs: ['We use your details to run the summit and to contact you about it. We do not sell them. Partners see your details only if you agree at their booth. You can ask us to correct or delete your data at any time.'] },
      { heading: 'Conduct', paragraphs: ['The summit is a respectful space for everyone. The organisers may refuse entry to anyone who harasses others.'] },
    ],
  },
  'work-with-us': {
    title: 'Work With Us',
    description: 'Volunteer, partner or join the summit team.',
    intro: 'There are many ways to help make the summit happen.',
    sections: [
      { heading: 'Volunteer', paragraphs: ['About 80 volunteers welcome delegates, guide speakers and run the registration desk. Training is provided. Write to us through the contact page.'] },
      { heading: 'Partner or exhibit', paragraphs: ['Organisations can support the summit as partners or exhibit at a booth: see Partnerships.'] },
      { heading: 'Join the team', paragraphs: ['Paid positions are advertised on the Careers page; tenders for suppliers on the Tenders page.'] },
    ],
  },
};
