import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decideWrites, decisionMailId, MAX_DECISION_COMMENTS, outcomeHeading, OUTCOME_WORDS } from './abstract-decision.ts';
import { createMailRenderer } from '../lib/mail-render.ts';
import { defaultMailTemplates } from './mail-templates.ts';
import { ServerValue } from '../lib/db-shapes.ts';

const ABSTRACT = { id: 'a1', email: 'author@example.org', title: 'Screening in Kisumu' };
let n = 0;
const review = (id: string, change: Record<string, unknown> = {}) => ({ id, abstractId: 'a1', conflict: false, toAuthors: `Comment ${++n}`, ...change });

describe('a decision', () => {
  it('is the decision, its email and the author’s copy in one commit, carrying the reviews’ comments to the authors in order, unsigned', () => {
    const [decision, mail, copy] = decideWrites(
      ABSTRACT,
      'poster',
      [review('a1__r1@x.test', { toAuthors: 'First.' }), review('a1__r2@x.test', { toAuthors: 'Second.' })],
      'Admin@Summit.test',
    ) as Array<{
      set: string;
      data: Record<string, unknown>;
    }>;
    expect(decision.set).toBe('abstractDecisions/a1');
    expect(decision.data).toMatchObject({
      id: 'a1',
      outcome: 'poster',
      reviewIds: ['a1__r1@x.test', 'a1__r2@x.test'],
      comments: ['First.', 'Second.'],
      decidedBy: 'admin@summit.test',
    });
    expect(decision.data.decidedAt).toBeInstanceOf(ServerValue);
    expect(mail.set).toBe(`mail/${decisionMailId('a1')}`);
    expect(mail.data).toMatchObject({
      to: 'author@example.org',
      recordCollection: 'abstracts',
      recordId: 'a1',
      template: {
        name: 'abstract-decision',
        data: { title: ABSTRACT.title, outcome: OUTCOME_WORDS.poster, accepted: true, comments: decision.data.comments, reference: 'a1' },
      },
    });
    // Nothing in the email names a reviewer.
    expect(JSON.stringify((mail.data as { template: unknown }).template)).not.toMatch(/r[12]@x\.test/);
    // The author's copy: the abstract's address, the outcome and the same comments, nothing of the reviews.
    expect(copy.set).toBe('abstractOutcomes/a1');
    expect(copy.data).toEqual({
      id: 'a1',
      email: 'author@example.org',
      outcome: 'poster',
      comments: ['First.', 'Second.'],
      decidedAt: expect.any(ServerValue),
    });
  });

  it('leaves out declared conflicts, reviews with nothing for the authors, and another abstract’s reviews', () => {
    const [decision] = decideWrites(
      ABSTRACT,
      'reject',
      [
        review('a1__r1@x.test', { conflict: true, toAuthors: '' }),
        review('a1__r2@x.test', { toAuthors: '' }),
        review('b__r3@x.test', { abstractId: 'b' }),
        review('a1__r4@x.test', { toAuthors: 'Fourth.' }),
      ],
      'admin@summit.test',
    ) as Array<{ data: Record<string, unknown> }>;
    expect(decision.data).toMatchObject({ outcome: 'reject', reviewIds: ['a1__r4@x.test'], comments: ['Fourth.'] });
  });

  it('carries at most as many comments as an abstract may have reviewers', () => {
    const many = Array.from({ length: MAX_DECISION_COMMENTS + 1 }, (_, i) => review(`a1__r${i}@x.test`));
    expect(() => decideWrites(ABSTRACT, 'oral', many, 'admin@summit.test')).toThrow(`At most ${MAX_DECISION_COMMENTS}`);
    expect(decideWrites(ABSTRACT, 'oral', many.slice(1), 'admin@summit.test')).toHaveLength(3);
  });

  it('heads each outcome for the author in the committee’s words', () => {
    expect([outcomeHeading('oral'), outcomeHeading('poster'), outcomeHeading('reject')]).toEqual([
      'Accepted as an oral presentation',
      'Accepted as a poster',
      'Not accepted',
    ]);
  });
});

describe('the decision email', () => {
  const renderer = createMailRenderer(defaultMailTemplates({ siteUrl: 'https://summit.example.org/', instituteName: 'National Cancer Institute' }));
  const render = (outcome: 'oral' | 'reject', comments: string[]) =>
    renderer.render('abstract-decision', { title: 'Screening', outcome: OUTCOME_WORDS[outcome], accepted: outcome !== 'reject', comments, reference: 'a1' });

  it('asks accepted presenters to register, and quotes each comment escaped, line breaks kept', () => {
    const out = render('oral', ['Good.\nShorten the methods.', '<script>alert(1)</script><a href="https://evil.example">x</a>']);
    expect(out.subject).toBe('Your abstract: accepted as an oral presentation');
    expect(out.text).toContain('The presenting author registers for the summit, choosing the category “Abstract presenter”');
    expect(out.text).toContain('Register as the presenting author: https://summit.example.org/register?category=presenter');
    expect(out.html).toContain('<a href="https://summit.example.org/register?category=presenter">Register as the presenting author</a>');
    expect(out.text).toContain('Good.\nShorten the methods.');
    expect(out.html).not.toContain('<script>');
    expect(out.html).not.toContain('href="https://evil.example"');
    expect(out.html).toContain('&lt;script&gt;');
  });

  it('says nothing of comments when there are none, and does not ask a rejected author to present', () => {
    const out = render('reject', []);
    expect(out.text).not.toContain('comments');
    expect(out.text).not.toContain('presenting author');
    expect(out.html).not.toContain('/register');
  });
});

describe('the rules word the outcome as the screen does', () => {
  it('firestore.rules abstractDecisionMail holds every OUTCOME_WORDS phrase', () => {
    const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    const mailRule = rules.slice(rules.indexOf('function abstractDecisionMail'), rules.indexOf('function mailTemplateName'));
    for (const words of Object.values(OUTCOME_WORDS)) expect(mailRule).toContain(`'${words}'`);
  });
});
