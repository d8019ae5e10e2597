// /abstracts: the call for abstracts as administrators set it (settings/abstracts): whether it is
// open, its tracks, the two ways to present, the word limits and the guidelines, and the way to
// "my abstracts". Prerendered with the call the build read (app/prerender-data.ts); open or closed
// is the visitor's clock here, while the rules decide every write by the server's.
import { Link, href, type MetaFunction } from 'react-router';
import { CopyText } from '../../components/CopyText.tsx';
import { FormAlert } from '../../components/fields.tsx';
import { formatDeadline } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { useNow } from '../../components/use-now.ts';
import { useAbstractCall } from '../../data/abstract-call.ts';
import { ABSTRACT_PARTS, PART_LABELS, callState, type AbstractCall } from '../../data/abstracts.ts';
import { paragraphsOf } from '../../lib/paragraphs.ts';

export const meta: MetaFunction = () =>
  pageMeta(
    'Call for abstracts',
    'Submit an abstract to the National Cancer Summit: the tracks, oral and poster presentations, word limits, guidelines and deadline.',
  );

const MY_ABSTRACTS = href('/my-abstracts');

/** Where the call stands, in one sentence, with the way in while it is open. */
export function CallStatus({ call, now }: { call: AbstractCall; now: Date }) {
  const state = callState(call, now);
  if (state === 'unset' || !call.opensAt || !call.closesAt)
    return <p className="mt-4 text-lg">The call for abstracts is not open yet. Its dates will be announced here.</p>;
  if (state === 'before')
    return (
      <p className="mt-4 text-lg">
        The call opens on <strong>{formatDeadline(call.opensAt)}</strong> and closes on <strong>{formatDeadline(call.closesAt)}</strong>.
      </p>
    );
  if (state === 'closed')
    return (
      <p className="mt-4 text-lg">
        The call closed on <strong>{formatDeadline(call.closesAt)}</strong>. Authors can still read their abstracts in{' '}
        <Link className="text-brand-700 underline" to={MY_ABSTRACTS}>
          my abstracts
        </Link>
        .
      </p>
    );
  return (
    <>
      <p className="mt-4 text-lg">
        The call is open until <strong>{formatDeadline(call.closesAt)}</strong>. Until then you can save drafts, submit, edit and withdraw.
      </p>
      <p className="mt-4">
        <Link className="btn-primary" to={MY_ABSTRACTS}>
          Submit an abstract
        </Link>
      </p>
    </>
  );
}

function CallDetails({ call }: { call: AbstractCall }) {
  const tracks = Object.entries(call.tracks).sort(([, a], [, b]) => a.localeCompare(b));
  return (
    <>
      {tracks.length > 0 && (
        <section aria-labelledby="tracks-heading" className="mt-10">
          <h2 id="tracks-heading">Tracks</h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {tracks.map(([key, label]) => (
              <li key={key}>{label}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="presentation-heading" className="mt-10">
        <h2 id="presentation-heading">Presentation</h2>
        <p className="mt-3">
          Say whether you would rather give an oral presentation or present a poster. The scientific committee decides, and may accept an abstract as the other.
        </p>
      </section>
      <section aria-labelledby="limits-heading" className="mt-10">
        <h2 id="limits-heading">Structure and word limits</h2>
        <p className="mt-3">An abstract has four parts, each within its own limit, and the whole within the total. Words are counted as you type.</p>
        <table className="mt-3 min-w-[16rem] text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-8">
                Part
              </th>
              <th scope="col">Words at most</th>
            </tr>
          </thead>
          <tbody>
            {ABSTRACT_PARTS.map((part) => (
              <tr key={part}>
                <th scope="row" className="pr-8 font-normal">
                  {PART_LABELS[part]}
                </th>
                <td>{call.wordLimits[part].toLocaleString('en')}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="pr-8">
                The whole abstract
              </th>
              <td className="font-semibold">{call.wordLimits.total.toLocaleString('en')}</td>
            </tr>
          </tbody>
        </table>
      </section>
      {call.guidelines.trim() !== '' && (
        <section aria-labelledby="guidelines-heading" className="mt-10">
          <h2 id="guidelines-heading">Guidelines</h2>
          {paragraphsOf(call.guidelines).map((p) => (
            <p key={p} className="mt-3 whitespace-pre-line">
              <CopyText text={p} />
            </p>
          ))}
        </section>
      )}
      <section aria-labelledby="how-heading" className="mt-10">
        <h2 id="how-heading">How to submit</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          <li>Sign in with your email address: we email you a link, no password needed.</li>
          <li>Write your abstract. Save it as a draft as often as you like.</li>
          <li>Submit it before the deadline. You can still edit or withdraw it until then.</li>
        </ol>
        <p className="mt-3">
          Your abstracts and their state are in{' '}
          <Link className="text-brand-700 underline" to={MY_ABSTRACTS}>
            my abstracts
          </Link>
          , beside{' '}
          <Link className="text-brand-700 underline" to={href('/my-registration')}>
            my registration
          </Link>
          .
        </p>
      </section>
    </>
  );
}

export default function AbstractsPage() {
  const call = useAbstractCall();
  const now = useNow();
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Call for abstracts</h1>
      {call.isPending ? (
        <LoadingLine>Loading the call for abstracts…</LoadingLine>
      ) : call.isError ? (
        <FormAlert>We could not load the call for abstracts. Check your connection and reload the page.</FormAlert>
      ) : (
        <>
          <CallStatus call={call.data} now={now} />
          <CallDetails call={call.data} />
          <p className="mt-10">
            The abstracts accepted so far are in the{' '}
            <Link className="text-brand-700 underline" to={href('/abstract-book')}>
              abstract book
            </Link>
            .
          </p>
        </>
      )}
    </div>
  );
}
