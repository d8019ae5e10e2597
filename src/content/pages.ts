// Titles and short copy of the public pages that are not yet fed by their own feature. The
// route id (src/app/routes.ts) is the key, so one InfoPage module serves them all.
export interface PageCopy {
  title: string;
  description: string;
  body: string;
}

export const PAGES: Record<string, PageCopy> = {
  resources: { title: 'Resources', description: 'Reports, strategies and guides on cancer control.', body: 'Documents and links from the summit and its partners.' },
  careers: { title: 'Careers', description: 'Work with the summit team.', body: 'Open positions with the summit and the institute.' },
  career: { title: 'Job Opening', description: 'A position with the summit team.', body: 'The details of this position will appear here.' },
  donate: { title: 'Donate', description: 'Support cancer prevention and care.', body: 'Your gift funds screening outreach and patient support.' },
  events: { title: 'Events', description: 'Webinars and events before and after the summit.', body: 'Upcoming events from the summit and its partners.' },
  faq: { title: 'Frequently Asked Questions', description: 'Answers about registration, payment and the venue.', body: 'Answers to the questions delegates ask most.' },
  services: { title: 'Services', description: 'Cancer services of the institute.', body: 'Screening, treatment and support services, and how to reach them.' },
  tenders: { title: 'Tenders', description: 'Open and closed tenders of the summit.', body: 'Procurement opportunities for suppliers.' },
  terms: { title: 'Terms and Conditions', description: 'Terms for registration, payment and use of this site.', body: 'The terms that apply to registrations, payments and this website.' },
  'work-with-us': { title: 'Work With Us', description: 'Volunteer, partner or join the team.', body: 'Ways to contribute to the summit: volunteering, partnership and employment.' },
};
