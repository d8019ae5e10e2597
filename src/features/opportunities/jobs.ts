import { formatDate } from '../../components/format.ts';

export interface Job {
  id: string;
  title: string;
  slug: string;
  summary: string;
  body: unknown;
  location: string;
  deadline: Date;
  howToApply: string;
  /** The advert as a PDF (uploaded or an address), '' or absent when there is none. */
  advertUrl?: string;
}

export function deadlineText(deadline: Date | undefined, now = new Date()): string {
  if (!deadline) return 'Open until filled';
  return deadline < now ? `Closed on ${formatDate(deadline)}` : `Apply by ${formatDate(deadline)}`;
}
