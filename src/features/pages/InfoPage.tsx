import { useMatches, type MetaFunction } from 'react-router';
import { CopyText } from '../../components/CopyText.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { PAGES, pageText } from '../../content/pages.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { paragraphsOf } from '../../lib/paragraphs.ts';

const copyFor = (id: string | undefined) => PAGES[id ?? ''] ?? { title: 'National Cancer Summit', description: '', intro: '', sections: [] };

export const meta: MetaFunction = ({ matches }) => {
  const copy = copyFor(matches[matches.length - 1]?.id);
  return pageMeta(copy.title, copy.description);
};

/** A text that may hold several paragraphs (staff separate them with an empty line). */
function Paragraphs({ text, className }: { text: string; className: string }) {
  return paragraphsOf(text).map((p) => (
    <p key={p} className={className}>
      <CopyText text={p} />
    </p>
  ));
}

export default function InfoPage() {
  const copy = copyFor(useMatches().at(-1)?.id);
  // Prerendered with the settings the build read; the defaults only while they cannot be read.
  const settings = useSiteSettings().data ?? DEFAULT_SETTINGS;
  const page = pageText(copy, settings);
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>{page.title}</h1>
      <Paragraphs text={page.intro} className="mt-4 text-lg text-slate-700" />
      {page.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <Paragraphs key={p} text={p} className="mt-2 text-slate-800" />
          ))}
        </section>
      ))}
      {page.faq && (
        <div className="mt-8 space-y-3">
          {page.faq.map((f) => (
            <details key={f.q} className="rounded-md border border-slate-200 p-4">
              <summary className="cursor-pointer font-semibold">{f.q}</summary>
              <Paragraphs text={f.a} className="mt-2 text-slate-800" />
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
