import type { MetaFunction } from 'react-router';
import { PagedList } from '../../components/PagedList.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { safeUrl } from '../../components/RichText.tsx';
import { usePublishedPages } from '../../data/published.ts';
import { useNow } from '../../components/use-now.ts';
import { changesAt } from '../../lib/page-loader-triggers.ts';
import { nairobiFormat } from '../../lib/nairobi-time.ts';

export const meta: MetaFunction = () => pageMeta('Tenders', 'Open and closed tenders of the summit, with their documents.');

interface Tender {
  id: string;
  title: string;
  reference: string;
  description: string;
  closingDate: Date;
  documents: Array<{ name: string; url: string }>;
}
const date = nairobiFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function TenderCard({ t, open }: { t: Tender; open: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 p-5">
      <p className="font-mono text-sm text-slate-600">{t.reference}</p>
      <h3 className="text-lg font-semibold">{t.title}</h3>
      <p className={open ? 'text-brand-700' : 'text-slate-600'} {...changesAt(open ? t.closingDate : null)}>
        {open ? 'Closes' : 'Closed'} {date.format(t.closingDate)}
      </p>
      <p className="mt-2 text-slate-700">{t.description}</p>
      {t.documents?.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {t.documents.map((d) => {
            const href = safeUrl(d.url);
            return (
              <li key={d.url}>
                {href ? (
                  <a className="text-brand-700 underline" href={href}>
                    {d.name}
                  </a>
                ) : (
                  d.name
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

export default function TendersPage() {
  const tenders = usePublishedPages<Tender>('tenders');
  const now = useNow();
  return (
    <div className="container-page py-12">
      <h1>Tenders</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">Procurement opportunities for suppliers. Bids close at the time shown, Nairobi time.</p>
      <PagedList query={tenders} noun="tenders" empty="There are no tenders at the moment.">
        {(items) => {
          const open = items.filter((t) => t.closingDate > now);
          const closed = items.filter((t) => t.closingDate <= now);
          return (
            <>
              <section aria-labelledby="open-tenders" className="mt-8">
                <h2 id="open-tenders">Open tenders</h2>
                {open.length ? (
                  <ul className="mt-4 space-y-4">
                    {open.map((t) => (
                      <TenderCard key={t.id} t={t} open />
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2">No tender is open right now.</p>
                )}
              </section>
              <section aria-labelledby="closed-tenders" className="mt-10">
                <h2 id="closed-tenders">Closed tenders</h2>
                {closed.length ? (
                  <ul className="mt-4 space-y-4">
                    {closed.map((t) => (
                      <TenderCard key={t.id} t={t} open={false} />
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2">None yet.</p>
                )}
              </section>
            </>
          );
        }}
      </PagedList>
    </div>
  );
}
