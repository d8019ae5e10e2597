// Accepted abstracts and their public copies in integration tests (src/data/published-abstracts.ts):
// an abstract with the committee's decision, and its listing and text as publishing stores them,
// each stored past the rules so a case starts from exactly the state it attacks.
import type { Abstract, Presentation } from '../../../src/data/abstracts.ts';
import type { Outcome } from '../../../src/data/abstract-decision.ts';
import { publishWrites, publishedAbstractPath, publishedTextPath } from '../../../src/data/published-abstracts.ts';
import { storedAbstract } from './abstracts.ts';
import { ACCOUNTS } from './actors.ts';
import { fixture, uniqueId } from './owner.ts';
import { ownerWrite } from './seats.ts';

/** Every path these helpers stored, for the test file to delete afterwards. */
export const storedPaths: string[] = [];

/** A submitted abstract (`change` over COMPLETE) with the committee's decision `outcome`, past the rules. */
export async function decidedAbstract(outcome: Outcome = 'poster', change: Partial<Abstract> = {}): Promise<Abstract> {
  const abstract = await storedAbstract(change);
  const decision = { id: abstract.id, outcome, reviewIds: [], comments: [], decidedBy: ACCOUNTS.admin.email, decidedAt: new Date() };
  await ownerWrite([`abstractDecisions/${abstract.id}`, decision]);
  storedPaths.push(`abstracts/${abstract.id}`, `abstractDecisions/${abstract.id}`);
  return abstract;
}

/** An accepted abstract already published (not placed), past the rules. */
export async function publishedAbstract(presentation: Presentation = 'poster'): Promise<Abstract> {
  const abstract = await decidedAbstract(presentation);
  const [listing, text] = publishWrites(abstract, presentation) as Array<{ set: string; data: Record<string, unknown> }>;
  await ownerWrite([listing.set, { ...listing.data, publishedAt: new Date() }], [text.set, text.data]);
  storedPaths.push(publishedAbstractPath(abstract.id), publishedTextPath(abstract.id));
  return abstract;
}

/** A programme session, past the rules: its id. */
export async function storedSession(): Promise<string> {
  const id = uniqueId('session');
  const at = new Date();
  await fixture(`sessions/${id}`, {
    title: 'Screening in practice',
    description: '',
    day: 1,
    startsAt: at,
    endsAt: new Date(at.getTime() + 3_600_000),
    track: '',
    room: 'Hall A',
    speakerIds: [],
    published: true,
  });
  storedPaths.push(`sessions/${id}`);
  return id;
}
