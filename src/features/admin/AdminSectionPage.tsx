import { useMatches, type MetaFunction } from 'react-router';
import { ADMIN_SECTIONS } from '../../content/admin.ts';

const sectionFor = (id: string | undefined) => ADMIN_SECTIONS[id ?? ''] ?? { title: 'Back office', summary: '' };

export const meta: MetaFunction = ({ matches }) => [{ title: `${sectionFor(matches[matches.length - 1]?.id).title} | Summit back office` }];

export default function AdminSectionPage() {
  const section = sectionFor(useMatches().at(-1)?.id);
  return (
    <div>
      <h1>{section.title}</h1>
      <p className="mt-2 text-slate-700">{section.summary}</p>
    </div>
  );
}
