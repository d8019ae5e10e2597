// Abstracts › Programme's working out, apart from the screen: which accepted abstracts there are
// and where each stands (not published, published, placed in a session), the commits that publish
// those not yet published, and a session's running order.
import { contentVersionWrites } from '../../../admin/content-version.ts';
import type { AbstractDecision } from '../../../data/abstract-decision.ts';
import type { Abstract, Presentation } from '../../../data/abstracts.ts';
import { byTitle } from '../../../data/published-abstract-lists.ts';
import { LAST_SESSION_ORDER, publishCommits, type PublishedAbstract, type ToPublish } from '../../../data/published-abstracts.ts';
import { activityWrite, writePath } from '../../../lib/db-shapes.ts';
import { formatClock } from '../../../lib/nairobi-time.ts';
import type { RunCommit } from './commit-run.ts';
import type { ProgrammeSession } from './programme-reads.ts';

/** An accepted abstract, or a published copy whose abstract or acceptance is gone (it can still be unpublished). */
export interface AcceptedRow {
  id: string;
  title: string;
  /** As the committee accepted it; null for a copy without an accepting decision. */
  outcome: Presentation | null;
  /** The submitted abstract; null when it is no longer submitted (withdrawn, erased). */
  abstract: Abstract | null;
  listing: PublishedAbstract | null;
}

const accepted = (d: AbstractDecision): d is AbstractDecision & { outcome: Presentation } => d.outcome === 'oral' || d.outcome === 'poster';

/** Every accepted abstract with its publication, then any published copy nothing accepted, by title. */
export function acceptedRows(submitted: readonly Abstract[], decisions: readonly AbstractDecision[], listings: readonly PublishedAbstract[]): AcceptedRow[] {
  const abstracts = new Map(submitted.map((a) => [a.id, a]));
  const published = new Map(listings.map((l) => [l.id, l]));
  const rows = new Map<string, AcceptedRow>();
  for (const d of decisions.filter(accepted)) {
    const abstract = abstracts.get(d.id) ?? null;
    const listing = published.get(d.id) ?? null;
    rows.set(d.id, { id: d.id, title: abstract?.title ?? listing?.title ?? d.id, outcome: d.outcome, abstract, listing });
  }
  for (const l of listings) if (!rows.has(l.id)) rows.set(l.id, { id: l.id, title: l.title, outcome: null, abstract: abstracts.get(l.id) ?? null, listing: l });
  return [...rows.values()].sort(byTitle);
}

/**
 * What "Publish" publishes: accepted abstracts not yet published whose author consented (the rules
 * refuse the rest). A run that stopped part-way left some published: planning again from what is
 * stored tops up the rest.
 */
export function toPublish(rows: readonly AcceptedRow[]): ToPublish[] {
  return rows.flatMap((r) => (!r.listing && r.abstract && r.abstract.consent && r.outcome ? [{ abstract: r.abstract, presentation: r.outcome }] : []));
}

/** Why an accepted abstract cannot be published, or '' when it can (or is). */
export function unpublishable(row: AcceptedRow): string {
  if (row.listing) return '';
  if (!row.abstract) return 'Not published: the abstract is no longer submitted (withdrawn or erased).';
  if (!row.abstract.consent) return 'Not published: its author did not consent to publication.';
  return '';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The commits that publish `items` (publishCommits), each with the public content version's move and its log line. */
export function publishRun(items: readonly ToPublish[], by: string): RunCommit[] {
  const commits = publishCommits(items);
  return commits.map((writes, i) => {
    const count = writes.length / 2;
    const line = `Published ${plural(count, 'accepted abstract')} (part ${i + 1} of ${commits.length})`;
    return { writes: [...writes, ...contentVersionWrites(writes.map(writePath)), activityWrite(line, by)], stores: count };
  });
}

/** "Day 1, 09:00–10:30: Screening in practice (Hall A)", and whether visitors see it yet. */
export function sessionLabel(s: ProgrammeSession): string {
  const when = s.startsAt instanceof Date ? `${formatClock(s.startsAt)}${s.endsAt instanceof Date ? `–${formatClock(s.endsAt)}` : ''}` : '';
  return `Day ${s.day}${when ? `, ${when}` : ''}: ${s.title}${s.room ? ` (${s.room})` : ''}${s.published === false ? ', not published yet' : ''}`;
}

/** The abstracts placed in a session, in their running order (ties by title, as /program shows them). */
export function runningOrder(listings: readonly PublishedAbstract[], sessionId: string): PublishedAbstract[] {
  return listings
    .filter((l) => sessionId !== '' && l.sessionId === sessionId)
    .sort((a, b) => a.sessionOrder - b.sessionOrder || a.title.localeCompare(b.title, 'en'));
}

/** The place after the session's last (0 in an empty session), within the rules' bound. */
export function nextPlace(listings: readonly PublishedAbstract[], sessionId: string, except = ''): number {
  const order = runningOrder(listings, sessionId).filter((l) => l.id !== except);
  return order.length ? Math.min(order[order.length - 1].sessionOrder + 1, LAST_SESSION_ORDER) : 0;
}

/** Where a published abstract stands: "Not in a session", or its session and place (1 first). */
export function placement(listing: PublishedAbstract, sessions: readonly ProgrammeSession[]): string {
  if (listing.sessionId === '') return 'Published, not in a session';
  const session = sessions.find((s) => s.id === listing.sessionId);
  return session ? `${sessionLabel(session)}, place ${listing.sessionOrder + 1}` : 'Published, in a session since removed';
}
