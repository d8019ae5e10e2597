// The committee's decision on one of the author's abstracts, as "my abstracts" shows it: the
// outcome, and the reviewers' comments to the authors exactly as the decision email quoted them
// (unsigned: the author's copy names no reviewer).
import { outcomeHeading, type AbstractOutcome } from '../../data/abstract-decision.ts';

export function AbstractDecision({ outcome, headingId }: { outcome: AbstractOutcome; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <h4 id={headingId} className="text-base">
        Decision: <strong>{outcomeHeading(outcome.outcome)}</strong>
      </h4>
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
