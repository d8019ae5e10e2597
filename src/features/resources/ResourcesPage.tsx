import type { MetaFunction } from 'react-router';
import { PagedList } from '../../components/PagedList.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { safeUrl } from '../../components/RichText.tsx';
import { usePublishedPages } from '../../data/published.ts';

export const meta: MetaFunction = () => pageMeta('Resources', 'Reports, strategies and guides on cancer control.');

interface Resource {
  id: string;
  title: string;
  type: string;
  description: string;
  url: string;
}

export default function ResourcesPage() {
  const resources = usePublishedPages<Resource>('resources');
  return (
    <div className="container-page py-12">
      <h1>Resources</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">Documents and links from the summit and its partners.</p>
      <PagedList query={resources} noun="resources" empty="Resources will be published soon.">
        {(items) => (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {items.map((r) => {
              const href = safeUrl(r.url);
              return (
                <li key={r.id} className="rounded-lg border border-slate-200 p-5">
                  <p className="text-sm uppercase tracking-wide text-brand-700">{r.type}</p>
                  <h2 className="text-lg font-semibold">
                    {href ? (
                      <a className="hover:underline" href={href} rel="noopener" target="_blank">
                        {r.title}
                      </a>
                    ) : (
                      r.title
                    )}
                  </h2>
                  <p className="mt-1 text-slate-700">{r.description}</p>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
