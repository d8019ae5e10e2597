import { useMatches, type MetaFunction } from 'react-router';
import { PAGES } from '../../content/pages.ts';
import { pageMeta } from '../../components/page-meta.ts';

const copyFor = (id: string | undefined) => PAGES[id ?? ''] ?? { title: 'National Cancer Summit', description: '', body: '' };

export const meta: MetaFunction = ({ matches }) => {
  const copy = copyFor(matches[matches.length - 1]?.id);
  return pageMeta(copy.title, copy.description);
};

export default function InfoPage() {
  const matches = useMatches();
  const copy = copyFor(matches[matches.length - 1]?.id);
  return (
    <div className="container-page py-12">
      <h1>{copy.title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{copy.body}</p>
    </div>
  );
}
