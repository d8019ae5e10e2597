import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { jobContent, jobSchema } from './job-content.ts';
import { tenderContent, tenderSchema } from './tender-content.ts';

const seeded = (collection: string) =>
  demoDocuments()
    .filter(([path]) => path.startsWith(`${collection}/`))
    .map(([, doc]) => doc);

describe('job and tender content', () => {
  it('opens and saves back every seeded job and tender unchanged', () => {
    for (const doc of seeded('jobs')) expect(roundTripProblems(jobContent, doc)).toEqual([]);
    for (const doc of seeded('tenders')) expect(roundTripProblems(tenderContent, doc)).toEqual([]);
    expect(seeded('tenders').length).toBe(2);
  });

  it('a job without a deadline is open until filled (stored as null)', () => {
    const values = { ...formValues(jobContent, seeded('jobs')[0]), deadline: '' };
    expect(jobSchema.parse(values).deadline).toBeNull();
  });

  it("a job’s advert is optional (stored as ''), an uploaded PDF or a web address, never another scheme", () => {
    const seededJob = formValues(jobContent, seeded('jobs')[0]);
    // The demo's position has an uploaded advert (emulator/seed/demo-files.ts), on the Storage emulator.
    expect(jobSchema.parse(seededJob).advertUrl).toMatch(/^http:\/\/127\.0\.0\.1:9199\/v0\/b\/.+%2Fjobs%2F.+\.pdf\?alt=media$/);
    const base = formValues(jobContent, { ...seeded('jobs')[0], advertUrl: undefined });
    expect(base.advertUrl).toBe('');
    expect(jobSchema.parse(base).advertUrl).toBe('');
    const pdf = 'https://firebasestorage.googleapis.com/v0/b/nci-summit.appspot.com/o/content%2Fjobs%2Fj1%2Fabcdefghij0123456789.pdf?alt=media';
    expect(jobSchema.parse({ ...base, advertUrl: pdf }).advertUrl).toBe(pdf);
    expect(jobSchema.safeParse({ ...base, advertUrl: 'javascript:alert(1)' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['advertUrl']);
    expect(jobContent.fields.find((f) => f.name === 'advertUrl')?.kind).toBe('document');
  });

  it('tender documents are kept in order and each needs a safe address', () => {
    const base = formValues(tenderContent, seeded('tenders')[0]);
    const docs = [
      { name: 'A', url: 'https://x.org/a.pdf' },
      { name: 'B', url: 'https://x.org/b.pdf' },
    ];
    expect(tenderSchema.parse({ ...base, documents: docs }).documents).toEqual(docs);
    const bad = tenderSchema.safeParse({ ...base, documents: [{ name: 'A', url: 'javascript:alert(1)' }] });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['documents.0.url']);
  });
});
