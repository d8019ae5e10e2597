// How long personal data is kept (attendees', the waiting list's, and messages' and pledges' senders'), on the overview: the date the timed work starts
// anonymising it (content/retention.ts, from Settings), and from a week before that date what it
// will anonymise, counted then (the figures the retention's own queries would find).
import { useQuery } from '@tanstack/react-query';
import { Link, href } from 'react-router';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { retentionMonths, retentionStage, RETENTION_NOTICE_DAYS } from '../../../content/retention.ts';
import type { SiteSettings } from '../../../data/site-settings-schema.ts';
import { formatDateTime } from '../../../lib/nairobi-time.ts';
import { retentionFigures } from './figures.ts';

const settingsLink = (
  <Link className="text-brand-700 underline" to={href('/admin/settings')}>
    Settings
  </Link>
);

function Counts({ due }: { due: boolean }) {
  const query = useQuery({ queryKey: ['overview', 'retention'], queryFn: retentionFigures, staleTime: 0 });
  return (
    <QueryState query={query} noun="records to anonymise">
      {(figures) => {
        const left = figures.filter((f) => f.value > 0);
        if (left.length === 0) return <p className="mt-2">{due ? 'Nothing is left to anonymise.' : 'Nothing holds anyone’s personal data now.'}</p>;
        return (
          <>
            <p className="mt-2">{due ? 'Still to anonymise:' : 'It will anonymise:'}</p>
            <ul className="mt-1 list-disc pl-5">
              {left.map((f) => (
                <li key={f.key}>
                  {f.label}: <span className="font-semibold tabular-nums">{f.value.toLocaleString('en-KE')}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">
              With the emails sent to them and their names in the activity log. Amounts, dates and seats stay, naming nobody.
            </p>
          </>
        );
      }}
    </QueryState>
  );
}

export function RetentionCard({ settings, now = new Date() }: { settings: SiteSettings; now?: Date }) {
  const stage = retentionStage(settings, now);
  const months = retentionMonths(settings);
  return (
    <section aria-label="Personal data" className="rounded-lg border border-slate-200 p-4">
      <h2 className="text-lg">Personal data</h2>
      {stage.stage === 'unset' ? (
        <p className="mt-2">
          Personal data (registrations, the waiting list, messages and pledges) is kept {months} months after the summit ends. Set the summit’s end date in{' '}
          {settingsLink} to start that clock.
        </p>
      ) : stage.stage === 'kept' ? (
        <p className="mt-2">
          Personal data (registrations, the waiting list, messages and pledges) is kept until {formatDateTime(stage.endsAt)} ({months} months after the summit
          ends), then anonymised. From {RETENTION_NOTICE_DAYS} days before, this card lists what will be anonymised.
        </p>
      ) : (
        <>
          <p className="mt-2">
            {stage.stage === 'notice' ? (
              <strong>On {formatDateTime(stage.endsAt)}, the timed work starts anonymising personal data</strong>
            ) : (
              <strong>Anonymising personal data since {formatDateTime(stage.endsAt)}</strong>
            )}{' '}
            ({months} months after the summit ended; to keep it longer, change the months in {settingsLink}).
          </p>
          <Counts due={stage.stage === 'due'} />
        </>
      )}
    </section>
  );
}
