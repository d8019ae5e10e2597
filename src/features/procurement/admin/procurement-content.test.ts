import { adminScreen } from '../../../app/admin/admin-screens.ts';
import { describe, expect, it } from 'vitest';
import { roundTripProblems } from '../../../admin/content/config-checks.ts';
import { access, editorFields, formValues } from '../../../admin/content/content-config.ts';
import { demoDocuments } from '../../../../emulator/seed/demo-data.ts';
import { nextStage, procurementContent, procurementSchema, STAGES } from './procurement-content.ts';

const seeded = demoDocuments().filter(([path]) => path.startsWith('procurement/'));

describe('procurement content', () => {
  it('the demo has a record in every stage, and each opens and saves back unchanged', () => {
    expect(seeded.map(([, d]) => d.stage)).toEqual([...STAGES]);
    for (const [, doc] of seeded) expect(roundTripProblems(procurementContent, doc)).toEqual([]);
  });

  it('stages move forward one at a time and stop at closed', () => {
    expect(STAGES.map(nextStage)).toEqual(['requested', 'evaluating', 'awarded', 'closed', null]);
    expect(nextStage('nonsense')).toBeNull();
  });

  it('the next-stage action names the move in its log line', () => {
    expect(procurementContent.rowActions?.({ id: 'p1', title: 'Bags', stage: 'evaluating' })).toEqual([
      { label: 'Move to awarded', update: { stage: 'awarded' }, log: "Moved procurement 'Bags' to awarded" },
    ]);
    expect(procurementContent.rowActions?.({ id: 'p1', title: 'Bags', stage: 'closed' })).toEqual([]);
  });

  it('is internal: no published flag; finance and admins write, only admins archive', () => {
    expect(editorFields(procurementContent).some((f) => f.name === 'published')).toBe(false);
    expect(access(procurementContent)).toEqual({ write: 'procurement:write', archive: 'procurement:archive' });
    // Opening its screens needs only the read capability, which editors have too.
    expect(adminScreen('admin/procurement')?.needs).toBe('procurement:read');
    expect(adminScreen('admin/procurement/edit')?.needs).toBe('procurement:read');
  });

  it('an amount may wait; the currency is a three-letter code', () => {
    const values = { ...formValues(procurementContent, null), title: 'Bags', reference: 'NCI/P/1' };
    expect(procurementSchema.parse(values)).toMatchObject({ stage: 'planned', amount: null, currency: 'KES', documents: [] });
    expect(procurementSchema.parse({ ...values, currency: 'usd' }).currency).toBe('USD');
    expect(procurementSchema.safeParse({ ...values, currency: 'shillings' }).success).toBe(false);
  });
});
