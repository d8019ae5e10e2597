// Titles and short copy of the public pages that are not yet fed by their own feature. The
// route id (src/app/routes.ts) is the key, so one InfoPage module serves them all.
export interface PageCopy {
  title: string;
  description: string;
  body: string;
}

export const PAGES: Record<string, PageCopy> = {
  donate: { title: 'Donate', description: 'Support cancer prevention and care.', body: 'Your gift funds screening outreach and patient support.' },
  faq: { title: 'Frequently Asked Questions', description: 'Answers about registration, payment and the venue.', body: 'Answers to the questions delegates ask most.' },
  services: { title: 'Services', description: 'Cancer services of the institute.', body: 'Screening, treatment and support services, and how to reach them.' },
  terms: { title: 'Terms and Conditions', description: 'Terms for registration, payment and use of this site.', body: 'The terms that apply to registrations, payments and this website.' },
  'work-with-us': { title: 'Work With Us', description: 'Volunteer, partner or join the team.', body: 'Ways to contribute to the summit: volunteering, partnership and employment.' },
};
