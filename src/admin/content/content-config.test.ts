import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changedData, editorFields, formValues, listQuery, publishChange, saveMessage, type ContentConfig } from './content-config.ts';
import { roundTripProblems } from './config-checks.ts';

const config: ContentConfig = {
  collection: 'events',
  noun: 'event',
  title: 'Events',
  summary: '',
  path: '/admin/events',
  titleField: 'title',
  schema: z.object({ title: z.string(), startsAt: z.string(), body: z.unknown(), published: z.boolean() }),
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'startsAt', kind: 'datetime', label: 'Starts' },
    { name: 'body', kind: 'richtext', label: 'Body' },
  ],
  firstPublishedField: 'publishedAt',
  searchable: true,
  write: 'content',
  archive: 'content',
};

describe('content config', () => {
  it('a publishable collection gets a published checkbox after its own fields', () => {
    expect(editorFields(config).map((f) => f.name)).toEqual(['title', 'startsAt', 'body', 'published']);
    expect(editorFields({ ...config, publishable: false }).map((f) => f.name)).toEqual(['title', 'startsAt', 'body']);
  });

  it('form values: empty ones for a new document, input text for a stored one', () => {
    expect(formValues(config, null)).toEqual({ title: '', startsAt: '', body: { type: 'doc', content: [{ type: 'paragraph' }] }, published: false });
    expect(formValues(config, { id: 'a', title: 'Walk', startsAt: new Date('2027-05-12T06:00:00Z'), published: true })).toMatchObject({
      title: 'Walk',
      startsAt: '2027-05-12T09:00',
      published: true,
    });
  });

  it('an edit writes only the fields the person changed', () => {
    expect(changedData({ title: 'New', startsAt: 'x', published: true }, { title: true, published: false })).toEqual({ title: 'New' });
    expect(changedData({ documents: [] }, { documents: [{ name: true }] })).toEqual({ documents: [] });
  });

  it('log lines name what happened', () => {
    expect(saveMessage(config, { created: true, title: 'Walk', change: { title: 'Walk', published: false } })).toBe("Created event 'Walk'");
    expect(saveMessage(config, { created: true, title: 'Walk', change: { published: true } })).toBe("Created event 'Walk' (published)");
    expect(saveMessage(config, { created: false, title: 'Walk', change: { published: true, publishedAt: 'now' } })).toBe("Published 'Walk'");
    expect(saveMessage(config, { created: false, title: 'Walk', change: { published: false } })).toBe("Unpublished 'Walk'");
    expect(saveMessage(config, { created: false, title: 'Walk', change: { title: 'Walk', published: true } })).toBe("Updated and published event 'Walk'");
    expect(saveMessage(config, { created: false, title: 'Walk', change: { title: 'Walk' } })).toBe("Updated event 'Walk'");
  });

  it('the first publication is stamped once; later ones keep the first date', () => {
    expect(publishChange(config, { publishedAt: undefined }, true, 'NOW')).toEqual({ published: true, publishedAt: 'NOW' });
    expect(publishChange(config, null, true, 'NOW')).toEqual({ published: true, publishedAt: 'NOW' });
    expect(publishChange(config, { publishedAt: new Date() }, true, 'NOW')).toEqual({ published: true });
    expect(publishChange(config, {}, false, 'NOW')).toEqual({ published: false });
    expect(publishChange({ ...config, firstPublishedField: undefined }, {}, true, 'NOW')).toEqual({ published: true });
  });

  it('the list is newest first, filtered, and searches titles by their beginning', () => {
    expect(listQuery(config, null, '')).toEqual({ where: [], orderBy: ['timestamp', 'desc'] });
    expect(listQuery(config, false, ' ')).toEqual({ where: [['published', '==', false]], orderBy: ['timestamp', 'desc'] });
    expect(listQuery(config, true, 'Walk')).toEqual({
      where: [
        ['published', '==', true],
        ['title', '>=', 'Walk'],
        ['title', '<=', 'Walk\uf8ff'],
      ],
      orderBy: ['title', 'asc'],
    });
    expect(listQuery({ ...config, searchable: false, listOrder: ['order', 'asc'] }, null, 'Walk')).toEqual({ where: [], orderBy: ['order', 'asc'] });
  });

  it('the round-trip check finds fields the schema would drop or change', () => {
    const lossy = { ...config, schema: z.object({ title: z.string().toUpperCase(), startsAt: z.string(), published: z.boolean() }) };
    expect(roundTripProblems(lossy, { id: 'a', title: 'Walk', published: true })).toEqual([
      'a: title would change from "Walk" to "WALK"',
      "editor field body is not in the schema's output",
    ]);
  });
});
