// An abstract read in full, in the order it was written: by its author once it can no longer be
// changed (the call closed, or it was withdrawn), and by administrators.
import { useId } from 'react';
import { useReveal } from '../../components/use-reveal.ts';
import { ABSTRACT_PARTS, PART_LABELS, PRESENTATION_LABELS, keywordList, type Abstract, type AbstractCall, type AbstractPart } from '../../data/abstracts.ts';

type Text = Pick<Abstract, 'track' | 'presentation' | 'keywords' | AbstractPart>;

/**
 * What an abstract says, without who wrote it: its track, the preferred presentation, keywords and
 * the four parts. Authors, administrators and (from the blind copy) reviewers read it alike.
 */
export function AbstractText({ item, call }: { item: Text; call: Pick<AbstractCall, 'tracks'> }) {
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-slate-600">Track</dt>
        <dd>{call.tracks[item.track] ?? (item.track ? 'A track since removed' : '—')}</dd>
        <dt className="text-slate-600">Preference</dt>
        <dd>{PRESENTATION_LABELS[item.presentation]}</dd>
        <dt className="text-slate-600">Keywords</dt>
        <dd>{keywordList(item.keywords).join(', ') || '—'}</dd>
      </dl>
      <AbstractParts item={item} level={3} />
    </>
  );
}

/**
 * The four parts, each under its heading: `level` 3 under an abstract's h2 in a list, 2 on the
 * abstract's own page (/abstracts/:id), where its title is the h1.
 */
export function AbstractParts({ item, level = 2 }: { item: Record<AbstractPart, string>; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return ABSTRACT_PARTS.map((part) => (
    <section key={part} className="mt-4">
      <Heading>{PART_LABELS[part]}</Heading>
      <p className="mt-1 whitespace-pre-line">{item[part] || '—'}</p>
    </section>
  ));
}

export function AbstractView({
  item,
  call,
  state = item.status === 'withdrawn' ? 'Withdrawn.' : 'The call is closed: this abstract can no longer be changed.',
  backLabel = 'Back to my abstracts',
  onBack,
}: {
  item: Abstract;
  call: AbstractCall;
  /** Where it stands, in a sentence under its title. */
  state?: string;
  backLabel?: string;
  onBack: () => void;
}) {
  const headingId = useId();
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <article aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="outline-none">
        {item.title || 'Untitled abstract'}
      </h2>
      <p className="mt-2 text-slate-700">{state}</p>
      <ol className="mt-4 space-y-1">
        {item.authors.map((name, i) => (
          <li key={`${i}-${name}`}>
            {name}
            {i === item.presenting ? ' (presenting)' : ''}, <span className="text-slate-700">{item.affiliations[i]}</span>
          </li>
        ))}
      </ol>
      <AbstractText item={item} call={call} />
      <section className="mt-4">
        <h3>Conflicts of interest</h3>
        <p className="mt-1 whitespace-pre-line">{item.conflicts || '—'}</p>
      </section>
      <button type="button" className="btn-secondary mt-6" onClick={onBack}>
        {backLabel}
      </button>
    </article>
  );
}
