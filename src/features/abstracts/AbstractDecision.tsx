// The committee's decision on one of the author's abstracts, as "my abstracts" shows it: the
// outcome; when accepted, the call to register the presenting author in the presenter category
// (the decision email says the same); and the reviewers' comments to the authors exactly as the
// email quoted them (unsigned: the author's copy names no reviewer).
import { Link } from 'react-router';
import { PRESENTER_CATEGORY } from '../../content/site.ts';
import { outcomeHeading, type AbstractOutcome } from '../../data/abstract-decision.ts';
import { PRESENTER_REGISTER_PATH } from '../../data/register-link.ts';

export function AbstractDecision({ outcome, presenter, headingId }: { outcome: AbstractOutcome; presenter: string | undefined; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <h4 id={headingId} className="text-base">
        Decision: <strong>{outcomeHeading(outcome.outcome)}</strong>
      </h4>
      {outcome.outcome !== 'reject' && (
        <p className="mt-2">
          The presenting author{presenter ? `, ${presenter},` : ''} registers for the summit, choosing the category “{PRESENTER_CATEGORY.label}”.{' '}
          <Link className="font-medium text-brand-700 underline" to={PRESENTER_REGISTER_PATH}>
            Register as the presenting author
          </Link>
        </p>
      )}
      {outcome.comments.length > 0 && (
        <>
          <p className="mt-2">The reviewers’ comments:</p>
          <ul className="mt-1 space-y-2">
            {outcome.comments.map((comment, i) => (
              <li key={i}>
                <blockquote className="border-l-4 border-slate-300 pl-3 whitespace-pre-line">{comment}</blockquote>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
