export interface Job {
  id: string;
  title: string;
  slug: string;
  summary: string;
  body: unknown;
  location: string;
  deadline: Date;
  howToApply: string;
}

const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function deadlineText(deadline: Date | undefined, now = new Date()): string {
  if (!deadline) return 'Open until filled';
  return deadline < now ? `Closed on ${date.format(deadline)}` : `Apply by ${date.format(deadline)}`;
}
