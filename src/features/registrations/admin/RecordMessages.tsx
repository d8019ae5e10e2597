// The emails a registration or an application has been sent, with how each delivery went, and a
// way to send one again (the extension's own RETRY state), logged like every staff action.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { fetchRecordMail, type StoredMail } from './record-queries.ts';
import { DELIVERY_LABELS, MAIL_LABELS, MAX_RESENDS, resendWrite, type MailTemplateName } from '../../../data/mail.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { formatDateTime } from '../../../lib/nairobi-time.ts';

export const recordMailKey = (collection: string, id: string) => [...adminKey(collection), 'mail', id] as const;

/** While a message is on its way the list looks again this often, for this long at most. */
export const MAIL_WATCH = { everyMs: 3000, forMs: 120_000 };

const onItsWay = (list: StoredMail[] | undefined) => !!list?.some((m) => !['SUCCESS', 'ERROR'].includes(m.delivery?.state ?? ''));

/**
 * A record's messages, newest first (both filters, so the rules can see the query only asks for
 * what the reader may read). A message just queued moves to sent within seconds, so the list looks
 * again while any is on its way, but for two minutes at most: with no sender running (the
 * extension not installed, the worker stopped) it would otherwise read every three seconds forever.
 * `watchAgain` starts another two minutes.
 */
export function useRecordMail(collection: 'registrations' | 'partners', id: string) {
  const [watchFrom, setWatchFrom] = useState(() => Date.now());
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), MAIL_WATCH.forMs);
    return () => clearTimeout(timer);
  }, [watchFrom]);
  const query = useQuery({
    queryKey: recordMailKey(collection, id),
    queryFn: () => fetchRecordMail(collection, id),
    refetchInterval: (q) => (onItsWay(q.state.data) && Date.now() - watchFrom < MAIL_WATCH.forMs ? MAIL_WATCH.everyMs : false),
  });
  const stalled = expired && onItsWay(query.data);
  const watchAgain = () => {
    setWatchFrom(Date.now());
    void query.refetch();
  };
  return { query, stalled, watchAgain };
}

function useResend(collection: string, id: string) {
  return useStaffWrites({
    writes: (mail: StoredMail) => [resendWrite(mail)],
    log: (mail) =>
      `Resent the email "${MAIL_LABELS[mail.template.name as MailTemplateName] ?? mail.template.name}" to ${mail.to} (${collection === 'registrations' ? 'registration' : 'application'} ${id})`,
    invalidate: [recordMailKey(collection, id)],
  });
}

function DeliveryState({ mail }: { mail: StoredMail }) {
  const state = mail.delivery?.state ?? 'QUEUED';
  const tone = state === 'SUCCESS' ? 'text-green-800' : state === 'ERROR' ? 'text-red-800' : 'text-amber-800';
  const attempts = mail.delivery?.attempts ?? 0;
  return (
    <span className={tone}>
      {DELIVERY_LABELS[state]}
      {state === 'SUCCESS' && mail.delivery?.endTime ? ` ${formatDateTime(mail.delivery.endTime)}` : ''}
      {attempts > 1 ? ` after ${attempts} attempts` : ''}
      {state === 'ERROR' && mail.delivery?.error ? `: ${mail.delivery.error}` : ''}
    </span>
  );
}

export function RecordMessages({ collection, id }: { collection: 'registrations' | 'partners'; id: string }) {
  const { query: mail, stalled, watchAgain } = useRecordMail(collection, id);
  const resend = useResend(collection, id);
  const [said, setSaid] = useState('');
  return (
    <section className="mt-8" aria-labelledby="emails-heading">
      <h2 id="emails-heading">Emails</h2>
      <QueryState query={mail} noun="emails" isEmpty={(list) => list.length === 0} empty="No email has been sent about this record.">
        {(list) => (
          <ul className="mt-3 space-y-3">
            {list.map((m) => (
              <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold">{MAIL_LABELS[m.template.name] ?? m.template.name}</span>
                <span>to {m.to}</span>
                <span>{m.timestamp ? formatDateTime(m.timestamp) : ''}</span>
                <DeliveryState mail={m} />
                {(m.delivery?.state === 'SUCCESS' || m.delivery?.state === 'ERROR') && (m.resends ?? 0) >= MAX_RESENDS && (
                  <span className="text-gray-700">Sent again {MAX_RESENDS} times, the most it may be</span>
                )}
                {(m.delivery?.state === 'SUCCESS' || m.delivery?.state === 'ERROR') && (m.resends ?? 0) < MAX_RESENDS && (
                  <button
                    type="button"
                    className="btn-secondary py-1 text-sm"
                    disabled={resend.isPending}
                    onClick={() => {
                      setSaid('');
                      resend.mutate(m, { onSuccess: () => setSaid(`"${MAIL_LABELS[m.template.name] ?? m.template.name}" will be sent again to ${m.to}.`) });
                    }}
                  >
                    Send again<span className="sr-only">: {MAIL_LABELS[m.template.name] ?? m.template.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {stalled && (
        <p className="mt-2 text-sm text-amber-900">
          A message has been waiting for two minutes: the email sender may not be running, so this list has stopped looking.{' '}
          <button type="button" className="font-medium underline" onClick={watchAgain}>
            Check again
          </button>
        </p>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {said}
      </p>
      {resend.isError && <FormAlert>The email was not queued again. Check your connection and try again.</FormAlert>}
    </section>
  );
}
