// Procurement records (internal, never public): a purchase moves through its stages, planned →
// requested → evaluating → awarded → closed, each move logged. Finance and admins change them;
// every staff member may read them; only admins archive them (firestore.rules).
import { z } from 'zod';
import { choiceOptions, type ContentConfig, type ContentDocument, type RowAction } from '../../../admin/content/content-config.ts';
import { choiceField, linkListField, optionalText, requiredText, wholeNumberField } from '../../../admin/content/field-schemas.ts';
import { formatMoney } from '../../../components/format.ts';

export const STAGES = ['planned', 'requested', 'evaluating', 'awarded', 'closed'] as const;
export type Stage = (typeof STAGES)[number];

/** The stage after this one, or null once closed (or for an unknown stage). */
export function nextStage(stage: unknown): Stage | null {
  const i = STAGES.indexOf(stage as Stage);
  return i >= 0 && i < STAGES.length - 1 ? STAGES[i + 1] : null;
}

export const procurementSchema = z.object({
  title: requiredText('Title', 200),
  reference: requiredText('Reference', 60),
  stage: choiceField('Stage', STAGES),
  supplier: optionalText('Supplier', 160),
  amount: wholeNumberField('Amount', 0, 10_000_000_000, { required: false }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Enter the currency as a three-letter code, like KES.'),
  documents: linkListField(),
  notes: optionalText('Notes', 3000),
});

function moveToNextStage(doc: ContentDocument): RowAction[] {
  const next = nextStage(doc.stage);
  if (!next) return [];
  return [{ label: `Move to ${next}`, update: { stage: next }, log: `Moved procurement '${String(doc.title ?? doc.id)}' to ${next}` }];
}

export const procurementContent: ContentConfig = {
  collection: 'procurement',
  noun: 'procurement record',
  title: 'Procurement',
  summary: 'Internal purchases from plan to award and close. Never shown on the public site.',
  path: '/admin/procurement',
  titleField: 'title',
  schema: procurementSchema,
  publishable: false,
  searchable: true,
  write: 'procurement:write',
  archive: 'procurement:archive',
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    { name: 'reference', kind: 'text', label: 'Reference' },
    { name: 'stage', kind: 'select', label: 'Stage', options: choiceOptions(STAGES) },
    { name: 'supplier', kind: 'text', label: 'Supplier (optional)' },
    { name: 'amount', kind: 'number', label: 'Amount (optional)', hint: 'Whole units of the currency.' },
    { name: 'currency', kind: 'text', label: 'Currency' },
    { name: 'documents', kind: 'links', label: 'Documents' },
    { name: 'notes', kind: 'textarea', label: 'Notes (optional)' },
  ],
  defaults: { stage: 'planned', currency: 'KES' },
  filter: { field: 'stage', label: 'Stage', options: choiceOptions(STAGES) },
  columns: [
    { header: 'Reference', value: (d) => String(d.reference ?? '') },
    { header: 'Stage', value: (d) => String(d.stage ?? '') },
    { header: 'Supplier', value: (d) => String(d.supplier ?? '') },
    { header: 'Amount', value: (d) => (typeof d.amount === 'number' && typeof d.currency === 'string' ? formatMoney(d.amount, d.currency) : '') },
  ],
  rowActions: moveToNextStage,
};
