import { useMatches, type MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';
import { PAGES } from '../../content/pages.ts';

const copyFor = (id: string | undefined) => PAGES[id ?? ''] ?? { title: 'National Cancer Summit', description: '', intro: '', sections: [] };

export const meta: MetaFunction = ({ matches }) => {
  const copy = copyFor(matches[matches.length - 1]?.id);
  return pageMeta(copy.title, copy.description);
};

export default function InfoPage() {
  const copy = copyFor(useMatches().at(-1)?.id);
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>{copy.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{copy.intro}</p>
      {copy.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-2 text-slate-800">{p}</p>
          ))}
        </section>
      ))}
      {copy.faq && (
        <div className="mt-8 space-y-3">
          {copy.faq.map((f) => (
            <details key={f.q} className="rounded-md border border-slate-200 p-4">
              <summary className="cursor-pointer font-semibold">{f.q}</summary>
              <p className="mt-2 text-slate-800">{f.a}</p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
