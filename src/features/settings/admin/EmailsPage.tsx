// Settings › Emails: the wording of every email the product sends (templates/{name}, Handlebars, as
// the Trigger Email extension renders them). An administrator edits a template with a live preview
// on sample data, cannot save one that does not compile, restores the default wording, and sends
// themselves a test. Every change is logged.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert, TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { MAIL_LABELS, MAIL_PARTIALS, MAIL_SAMPLES, MAIL_TEMPLATES, testMail, type MailTemplateName } from '../../../data/mail.ts';
import { DEFAULT_MAIL_TEMPLATES } from '../../../data/mail-templates.ts';
import { db } from '../../../lib/data.ts';
import { createMailRenderer, templateProblems, type TemplateDocument } from '../../../lib/mail-render.ts';
import { adminKey } from '../../../data/query-keys.ts';

const templatesKey = adminKey('templates');

/** Every template and partial as stored (a missing one falls back to the default wording). */
async function loadTemplates(): Promise<Record<string, TemplateDocument>> {
  const names = [...MAIL_TEMPLATES, ...MAIL_PARTIALS];
  const stored = await Promise.all(names.map((name) => db.fetchDocument<TemplateDocument>('templates', name)));
  return Object.fromEntries(
    names.map((name, i) => [name, stored[i] ?? (DEFAULT_MAIL_TEMPLATES as Record<string, TemplateDocument>)[name] ?? { partial: true, html: '', text: '' }]),
  );
}

export default function EmailsPage() {
  return <EmailsScreen />;
}

function EmailsScreen() {
  const query = useQuery({ queryKey: templatesKey, queryFn: loadTemplates, staleTime: 0 });
  const [chosen, setChosen] = useState<MailTemplateName>(MAIL_TEMPLATES[0]);
  return (
    <div>
      <AdminHeader
        title="Emails"
        summary="The wording of every email the summit sends. Values in {{double braces}} are filled in for each person; contacts, payment details and the site address come from Settings."
      />
      <QueryState query={query} noun="email templates">
        {(templates) => (
          <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
            <nav aria-label="Email templates">
              <ul className="space-y-1">
                {MAIL_TEMPLATES.map((name) => (
                  <li key={name}>
                    <button
                      type="button"
                      aria-current={name === chosen ? 'true' : undefined}
                      className={`w-full rounded px-3 py-2 text-left text-sm ${name === chosen ? 'bg-brand-700 font-semibold text-white' : 'hover:bg-slate-100'}`}
                      onClick={() => setChosen(name)}
                    >
                      {MAIL_LABELS[name]}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            {/* Keyed by template: switching starts from what is stored, not from another's edits. */}
            <TemplateEditor key={chosen} name={chosen} templates={templates} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

type Draft = Required<Pick<TemplateDocument, 'subject' | 'html' | 'text'>>;

const draftOf = (t: TemplateDocument | undefined): Draft => ({ subject: t?.subject ?? '', html: t?.html ?? '', text: t?.text ?? '' });

function useTemplateWrites(name: MailTemplateName) {
  const label = MAIL_LABELS[name];
  const save = useStaffWrites({
    writes: (draft: Draft) => [{ set: `templates/${name}`, data: draft }],
    log: () => `Edited the email template "${label}"`,
    invalidate: [templatesKey],
  });
  const restore = useStaffWrites({
    writes: () => [{ set: `templates/${name}`, data: DEFAULT_MAIL_TEMPLATES[name] }],
    log: () => `Restored the default wording of the email template "${label}"`,
    invalidate: [templatesKey],
  });
  const test = useStaffWrites({
    writes: (to: string) => [testMail(db.newId('mail'), name, to)],
    log: (to) => `Sent a test of the email template "${label}" to ${to}`,
  });
  return { save, restore, test };
}

function TemplateEditor({ name, templates }: { name: MailTemplateName; templates: Record<string, TemplateDocument> }) {
  const staff = useStaff();
  const [draft, setDraft] = useState<Draft>(() => draftOf(templates[name]));
  const [said, setSaid] = useState('');
  const problemsRef = useRef<HTMLDivElement>(null);
  const { save, restore, test } = useTemplateWrites(name);
  const sample = MAIL_SAMPLES[name] as Record<string, unknown>;
  const problems = useMemo(() => templateProblems(name, draft, templates, sample), [name, draft, templates, sample]);
  const preview = useMemo(
    () => (problems.length ? null : createMailRenderer({ ...templates, [name]: draft }).render(name, sample)),
    [problems, templates, name, draft, sample],
  );
  const stored = draftOf(templates[name]);
  const changed = draft.subject !== stored.subject || draft.html !== stored.html || draft.text !== stored.text;
  const busy = save.isPending || restore.isPending || test.isPending;
  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setSaid('');
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  };

  const onSave = () => {
    setSaid('');
    if (problems.length) {
      problemsRef.current?.focus();
      return;
    }
    save.mutate(draft, { onSuccess: () => setSaid('Saved. The next emails use this wording.') });
  };

  return (
    <section aria-labelledby="template-heading" className="min-w-0">
      <h2 id="template-heading">{MAIL_LABELS[name]}</h2>
      <p className="mt-1 text-sm text-slate-700">
        Filled in for each email:{' '}
        {Object.keys(sample)
          .map((k) => `{{${k}}}`)
          .join(', ')}
        . Shared parts: {'{{> siteUrl}}'}, {'{{> contacts}}'}, {'{{> howToPay}}'}.
      </p>
      <div className="mt-4 grid gap-4">
        <TextField
          label="Subject"
          value={draft.subject}
          onChange={edit('subject')}
          hint="Never put a person's own words here: subjects are sent as they are."
        />
        <TextAreaField label="HTML body" rows={12} className="font-mono text-sm" value={draft.html} onChange={edit('html')} />
        <TextAreaField label="Plain-text body" rows={8} className="font-mono text-sm" value={draft.text} onChange={edit('text')} />
      </div>

      <div ref={problemsRef} tabIndex={-1} className="mt-4 outline-none" aria-live="polite">
        {problems.length > 0 && (
          <FormAlert>
            This template cannot be used yet:
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </FormAlert>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy || !changed} onClick={onSave}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => {
            setSaid('');
            restore.mutate(undefined, {
              onSuccess: () => {
                setDraft(DEFAULT_MAIL_TEMPLATES[name]);
                setSaid('The default wording is back.');
              },
            });
          }}
        >
          Restore the default wording
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy || changed}
          title={changed ? 'Save first: the test uses the saved wording.' : undefined}
          onClick={() => {
            setSaid('');
            test.mutate(staff.tokenEmail, { onSuccess: () => setSaid(`Sent to ${staff.tokenEmail}: it appears in the mailbox within a minute.`) });
          }}
        >
          Send me a test
        </button>
      </div>
      <p role="status" className="mt-3 text-green-800">
        {said}
      </p>
      {(save.isError || restore.isError || test.isError) && <FormAlert>That did not work: nothing was changed. Check your connection and try again.</FormAlert>}

      <h3 className="mt-8 text-lg">Preview with sample data</h3>
      {preview ? (
        <div className="mt-2 space-y-3">
          <p>
            <span className="text-slate-600">Subject:</span> <strong data-testid="preview-subject">{preview.subject}</strong>
          </p>
          <iframe title="HTML preview" sandbox="" srcDoc={preview.html ?? ''} className="h-96 w-full rounded border border-slate-300 bg-white" />
          <pre aria-label="Plain-text preview" className="whitespace-pre-wrap break-words rounded border border-slate-300 bg-slate-50 p-3 text-sm">
            {preview.text}
          </pre>
        </div>
      ) : (
        <p className="mt-2 text-slate-700">The preview returns once the template compiles.</p>
      )}
    </section>
  );
}
