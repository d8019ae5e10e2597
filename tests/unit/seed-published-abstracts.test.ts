// The demo's accepted abstracts (emulator/seed/demo-abstracts.ts): copies the product could have
// published from abstracts the demo call accepts, placed in sessions the demo has.
import { describe, expect, it } from 'vitest';
import { demoDocuments } from '../../emulator/seed/demo-data.ts';
import { DEMO_ABSTRACTS } from '../../emulator/seed/demo-abstracts.ts';
import { submitProblems, type AbstractCall } from '../../src/data/abstracts.ts';
import { LAST_SESSION_ORDER, PUBLISHED, PUBLISHED_TEXTS } from '../../src/data/published-abstracts.ts';

const docs = new Map(demoDocuments());
const call = docs.get('settings/abstracts') as unknown as AbstractCall;
const of = (collection: string) => [...docs.entries()].filter(([path]) => path.startsWith(`${collection}/`));

describe('the demo’s published abstracts', () => {
  it('are four to six, each from an abstract the demo call would accept, with consent', () => {
    expect(DEMO_ABSTRACTS.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_ABSTRACTS.length).toBeLessThanOrEqual(6);
    for (const a of DEMO_ABSTRACTS) {
      expect(submitProblems(a.content, call), a.id).toEqual([]);
      expect(a.content.consent).toBe(true);
    }
  });

  it('hold exactly the contract’s keys (the rules’), the listing and the text of each', () => {
    const listings = of(PUBLISHED);
    const texts = of(PUBLISHED_TEXTS);
    expect(listings.map(([p]) => p.split('/')[1]).sort()).toEqual(DEMO_ABSTRACTS.map((a) => a.id).sort());
    expect(texts.map(([p]) => p.split('/')[1]).sort()).toEqual(DEMO_ABSTRACTS.map((a) => a.id).sort());
    for (const [path, listing] of listings) {
      expect(Object.keys(listing).sort(), path).toEqual(
        ['affiliations', 'authors', 'id', 'keywords', 'presentation', 'presenting', 'publishedAt', 'sessionId', 'sessionOrder', 'title', 'track'].sort(),
      );
      expect(listing.publishedAt).toBeInstanceOf(Date);
      expect(listing.id).toBe(path.split('/')[1]);
    }
    for (const [path, text] of texts) expect(Object.keys(text).sort(), path).toEqual(['background', 'conclusions', 'id', 'methods', 'results']);
  });

  it('some are placed, each in a demo session at a place of its own; the rest in none', () => {
    const placed = of(PUBLISHED)
      .map(([, l]) => l as { sessionId: string; sessionOrder: number })
      .filter((l) => l.sessionId !== '');
    expect(placed.length).toBeGreaterThanOrEqual(2);
    expect(placed.length).toBeLessThan(DEMO_ABSTRACTS.length);
    for (const l of placed) {
      expect(docs.has(`sessions/${l.sessionId}`), l.sessionId).toBe(true);
      expect(Number.isInteger(l.sessionOrder) && l.sessionOrder >= 0 && l.sessionOrder <= LAST_SESSION_ORDER).toBe(true);
    }
    const places = placed.map((l) => `${l.sessionId}#${l.sessionOrder}`);
    expect(new Set(places).size).toBe(places.length);
  });
});
