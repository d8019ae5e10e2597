// A partnership application staff approve becomes a sponsor in the same commit (src/data/partners.ts
// sponsorWrites). Finance approves applications but edits no content: the rules let it write that
// sponsor only as a copy of the application it approves, and take it off only as it declines it.
import { applicationChange } from '../../src/data/application-record.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorIdFor, sponsorWrites } from '../../src/data/partners.ts';
import { serverValues, type BatchWrite } from '../../src/lib/db.ts';
import { signInActors, verdict, type Actors } from './support/actors.ts';
import { closeClients, visitor } from './support/clients.ts';
import { boothDoc, commit, fieldsOf, partnerDoc } from './support/forms.ts';
import { fixture, ownerGet, uniqueId } from './support/owner.ts';

let as: Actors;
beforeAll(async () => {
  as = await signInActors();
});
afterAll(closeClients);

const denied = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('denied');
const allowed = async (op: Promise<unknown>) => expect(await verdict(op)).toBe('allowed');

async function application(over: Record<string, unknown> = {}, doc = partnerDoc('')) {
  const id = await fixture(`partners/${uniqueId('app')}`, { ...fieldsOf(doc), ...over });
  return { id, ...fieldsOf(doc), ...over } as Record<string, unknown> & { id: string };
}

// The approval as the back office writes it: the application with its checkout projection in step.
const approve = (app: Record<string, unknown> & { id: string }, extra: BatchWrite[]) => [...applicationChange(app, { status: 'confirmed' }), ...extra];
const sponsorOf = (app: Record<string, unknown> & { id: string }) => sponsorWrites(app, true, serverValues.now());

describe('a sponsor made from an approved application', () => {
  it('finance approves an application and its sponsor appears, copied from it', async () => {
    const app = await application();
    await allowed(commit(as.db.finance, approve(app, sponsorOf(app))));
    expect(await ownerGet(`sponsors/${sponsorIdFor(app.id)}`)).toMatchObject({
      organisation: app.organisation,
      tier: app.tier,
      website: app.website,
      published: true,
      applicationId: app.id,
    });
  });

  it('refuses a sponsor for an application not approved in that commit, or approved already', async () => {
    const pending = await application();
    await denied(commit(as.db.finance, sponsorOf(pending)));
    const confirmed = await application({ status: 'confirmed' });
    await denied(commit(as.db.finance, sponsorOf(confirmed)));
  });

  it('refuses a booth booking as a sponsor, and a sponsor that differs from the application', async () => {
    const booth = await application({}, boothDoc(''));
    const asPartner = sponsorWrites({ ...booth, kind: 'partner' }, true, serverValues.now());
    await denied(commit(as.db.finance, approve(booth, asPartner)));
    const app = await application();
    for (const change of [
      { organisation: 'Someone Else Ltd' },
      { tier: 'platinum' },
      { website: 'https://phishing.example' },
      { published: false },
      { logoUrl: 'https://x.example/l.png' },
    ]) {
      const [write] = sponsorOf(app) as Array<{ set: string; data: Record<string, unknown> }>;
      await denied(commit(as.db.finance, approve(app, [{ set: write.set, data: { ...write.data, ...change } }])));
    }
  });

  it('refuses a sponsor id that names another application', async () => {
    const app = await application();
    const other = await application();
    const [write] = sponsorOf(app) as Array<{ set: string; data: Record<string, unknown> }>;
    await denied(commit(as.db.finance, approve(app, [{ set: `sponsors/${sponsorIdFor(other.id)}`, data: { ...write.data, id: sponsorIdFor(other.id) } }])));
  });

  it('a visitor cannot make one, with the approval or without', async () => {
    const app = await application();
    const visitorDb = (await visitor()).db;
    await denied(commit(visitorDb, approve(app, sponsorOf(app))));
    await denied(commit(visitorDb, sponsorOf(app)));
  });

  it('declining an approved application takes its sponsor off; finance cannot delete another sponsor', async () => {
    const app = await application();
    await allowed(commit(as.db.finance, approve(app, sponsorOf(app))));
    const sponsor = `sponsors/${sponsorIdFor(app.id)}`;
    await denied(commit(as.db.finance, [{ delete: sponsor }]));
    await allowed(commit(as.db.finance, [...applicationChange(app, { status: 'cancelled' }), ...sponsorWrites(app, false, null)]));
    expect(await ownerGet(sponsor)).toBeNull();
    const seeded = await fixture(`sponsors/${uniqueId('sponsor')}`, { organisation: 'Seeded', tier: 'gold', published: true });
    await denied(commit(as.db.finance, [{ delete: `sponsors/${seeded}` }]));
  });
});
