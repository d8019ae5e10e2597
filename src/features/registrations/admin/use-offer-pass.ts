// The automatic offer pass, while a screen that runs it is open (the waiting list, the
// registrations list) for a role that may make offers: now, and every minute after.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { can } from '../../../admin/permissions.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { runOfferPass, staffTransact, type PassOutcome } from './waitlist.ts';

export const PASS_INTERVAL_MS = 60_000;

/** "Offered 2 seats and passed 1 lapsed offer": what the last pass did, or '' when it did nothing. */
export function passSummary(o: PassOutcome | null): string {
  if (!o) return '';
  const parts = [
    o.offered && `offered ${o.offered} ${o.offered === 1 ? 'seat' : 'seats'} to the waiting list`,
    o.passed && `passed ${o.passed} lapsed ${o.passed === 1 ? 'offer' : 'offers'}`,
    o.reminded && `sent ${o.reminded} payment ${o.reminded === 1 ? 'reminder' : 'reminders'}`,
  ].filter(Boolean);
  return parts.length ? `Automatically ${parts.join(', ')}.` : '';
}

export function useOfferPass() {
  const staff = useStaff();
  const settings = useSiteSettings();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<PassOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  const running = useRef(false);
  const allowed = can(staff.role, 'registrations:update');
  const s = settings.data;
  const unpaidHoldHours = s?.unpaidHoldHours;
  const offerHours = s?.offerHours;
  const holdReminderHours = s?.holdReminderHours;

  useEffect(() => {
    if (!allowed || unpaidHoldHours === undefined || offerHours === undefined || holdReminderHours === undefined) return;
    let stopped = false;
    const run = async () => {
      if (running.current) return;
      running.current = true;
      try {
        const o = await runOfferPass({ unpaidHoldHours, offerHours, holdReminderHours }, staffTransact(staff.tokenEmail));
        if (stopped) return;
        setFailed(o.failed > 0);
        if (o.offered || o.passed || o.reminded) {
          setOutcome(o);
          await Promise.all(
            [adminKey('waitlist'), adminKey('seats'), adminKey('logs'), adminKey('registrations')].map((queryKey) => client.invalidateQueries({ queryKey })),
          );
        }
      } catch (error) {
        console.warn('The waiting list pass failed', error);
        if (!stopped) setFailed(true);
      } finally {
        running.current = false;
      }
    };
    void run();
    const timer = setInterval(() => void run(), PASS_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [allowed, unpaidHoldHours, offerHours, holdReminderHours, staff.tokenEmail, client]);

  return { summary: passSummary(outcome), failed };
}
