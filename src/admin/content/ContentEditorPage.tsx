// The editor of a staff-managed document, for /add (create) and /{id} (edit). react-hook-form +
// the config's zod schema: errors show inline and the first invalid field takes focus; a failed
// save keeps every input; creating writes id + server time; editing writes only changed fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, href, useLocation, useNavigate, useParams } from 'react-router';
import { db } from '../../lib/data.ts';
import { serverValues } from '../../lib/db.ts';
import { FormAlert } from '../../components/fields.tsx';
import { useStaff } from '../staff-context.ts';
import { can } from '../permissions.ts';
import { RequireCapability } from '../RequireCapability.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import {
  access,
  changedData,
  documentTitle,
  editorFields,
  formValues,
  isPublishable,
  nounTitle,
  publishChange,
  saveMessage,
  type ContentConfig,
  type ContentDocument,
  type Option,
  type RowAction,
} from './content-config.ts';
import { ContentField } from './ContentField.tsx';
import { contentFolder, UPLOAD_COLLECTIONS, type UploadCollection } from '../../data/storage-paths.ts';
import { UploadSessionContext, useNewUploadSession } from '../uploads/upload-session.ts';
import { slugTaken } from './content-queries.ts';
import { useContentDocument, useRowAction, useSaveContent } from './use-content-actions.ts';

type Values = Record<string, unknown>;

interface EditorProps {
  config: ContentConfig;
  /** Choices known only at run time, by the name fields give in `optionsFrom` (undefined while loading). */
  options?: Record<string, Option[] | undefined>;
}

export function ContentEditorPage({ config, options = {} }: EditorProps) {
  const { id } = useParams();
  // Opening the editor needs what its list needs (the layout checks it, from admin-screens.ts);
  // adding a document needs the collection's write capability.
  return id ? (
    <ExistingDocument config={config} options={options} id={id} />
  ) : (
    <RequireCapability needs={access(config).write} title={`Add ${config.noun}`}>
      <ContentForm config={config} options={options} doc={null} />
    </RequireCapability>
  );
}

function ExistingDocument({ config, options, id }: Required<EditorProps> & { id: string }) {
  const doc = useContentDocument(config, id);
  const back = (
    <Link className="text-brand-700 underline" to={href(config.path)}>
      Back to {config.title.toLowerCase()}
    </Link>
  );
  if (doc.isPending) return <h1>Loading the {config.noun}…</h1>;
  if (doc.isError) {
    return (
      <div className="space-y-4">
        <h1>{nounTitle(config)}</h1>
        <FormAlert>We could not load this {config.noun}. Check your connection, then try again.</FormAlert>
        <button type="button" className="btn-secondary" onClick={() => doc.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!doc.data) {
    return (
      <div className="space-y-4">
        <h1>{nounTitle(config)} not found</h1>
        <p>
          There is no {config.noun} with the reference {id}. It may have been archived. {back}
        </p>
      </div>
    );
  }
  return <ContentForm key={doc.data.id} config={config} options={options} doc={doc.data} />;
}

function ContentForm({ config, options, doc }: Required<EditorProps> & { doc: ContentDocument | null }) {
  const staff = useStaff();
  const navigate = useNavigate();
  const location = useLocation();
  const readOnly = !can(staff.role, access(config).write);
  const isNew = doc === null;
  const [id] = useState(() => doc?.id ?? db.newId(config.collection));
  const [notice, setNotice] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<Values>({
    defaultValues: formValues(config, doc),
    resolver: zodResolver(config.schema as never) as unknown as Resolver<Values>,
    shouldFocusError: true,
  });
  // Files uploaded here go to content/{collection}/{id}/; the session deletes what a save leaves unnamed.
  const uploads = useNewUploadSession(
    UPLOAD_COLLECTIONS.includes(config.collection as UploadCollection) ? contentFolder(config.collection as UploadCollection, id) : null,
    doc,
  );
  const save = useSaveContent(config);
  const rowAction = useRowAction(config);
  const fields = editorFields(config);
  const slug = fields.find((f) => f.kind === 'slug');

  // Leaving the page with unsaved changes asks first (the browser's own question).
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = form.handleSubmit(async (parsed) => {
    setNotice(null);
    setFailure(null);
    const change = isNew ? { ...parsed } : changedData(parsed, form.formState.dirtyFields);
    if (!isNew && Object.keys(change).length === 0) {
      setNotice('Nothing to save: no field was changed.');
      return;
    }
    if (slug && typeof change[slug.name] === 'string') {
      const taken = await slugTaken(config, slug.name, change[slug.name] as string, id).catch(() => false);
      if (taken) {
        form.setError(slug.name, { message: `Another ${config.noun} already uses this address. Change it a little.` }, { shouldFocus: true });
        return;
      }
    }
    if (isPublishable(config) && change.published === true) Object.assign(change, publishChange(config, doc, true, serverValues.now()));
    const title = documentTitle(config, { ...doc, ...parsed });
    const log = saveMessage(config, { created: isNew, title, change });
    try {
      await save.mutateAsync({ id, created: isNew, data: change, log });
    } catch {
      setFailure(`We could not save the ${config.noun}. Everything you typed is still here: check your connection and press Save again.`);
      return;
    }
    void uploads?.saved({ ...doc, ...parsed });
    if (isNew) {
      navigate(href(`${config.path}/:id`, { id }), { replace: true, state: { saved: `Saved. ${log}.` } });
    } else {
      form.reset(form.getValues());
      setNotice(`Saved. ${log}.`);
    }
  });

  const runAction = (action: RowAction) => {
    if (!doc) return;
    setNotice(null);
    setFailure(null);
    rowAction.mutate(
      { doc, action },
      {
        onSuccess: () => {
          // The changed fields now hold the stored values, without touching the person's other edits.
          const stored = formValues(config, { ...doc, ...action.update });
          for (const name of Object.keys(action.update)) if (name in stored) form.resetField(name, { defaultValue: stored[name] });
          setNotice(`${action.log}.`);
        },
        onError: () => setFailure(`We could not do this: ${action.label}. Check your connection and try again.`),
      },
    );
  };

  const published = doc?.published === true;
  const publicPath = doc && published ? config.publicPath?.(doc) : null;
  const heading = isNew ? `Add ${config.noun}` : readOnly ? nounTitle(config) : `Edit ${config.noun}`;

  return (
    <div className="max-w-3xl">
      <p>
        <Link className="text-sm text-brand-700 underline" to={href(config.path)}>
          ← {config.title}
        </Link>
      </p>
      <h1 className="mt-2">{heading}</h1>
      {doc && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
          <span>{documentTitle(config, doc)}</span>
          {isPublishable(config) && <StatusBadge status={published ? 'published' : 'draft'} />}
          {publicPath && (
            <Link className="text-brand-700 underline" to={publicPath}>
              View on the public site
            </Link>
          )}
        </p>
      )}
      {readOnly && (
        <p className="mt-4 text-slate-700">
          Your role ({staff.role}) can read this {config.noun} but not change it.
        </p>
      )}
      {!readOnly && doc && (config.rowActions?.(doc) ?? []).length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {config.rowActions!(doc).map((action) => (
            <button
              key={action.label}
              type="button"
              className="btn-secondary"
              disabled={rowAction.isPending || save.isPending}
              onClick={() => runAction(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <FormProvider {...form}>
        <UploadSessionContext value={uploads}>
          <form noValidate className="mt-6 space-y-5" onSubmit={submit}>
            <fieldset disabled={readOnly} className="space-y-5">
              <legend className="sr-only">{heading}</legend>
              {fields.map((field) => (
                <ContentField key={field.name} field={field} options={options} isNew={isNew} readOnly={readOnly} />
              ))}
            </fieldset>
            {failure && <FormAlert>{failure}</FormAlert>}
            <div aria-live="polite">
              {notice && (
                <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
                  {notice}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-3">
              {!readOnly && (
                <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? 'Saving…' : `Save ${config.noun}`}
                </button>
              )}
              {config.preview && (
                <button
                  type="button"
                  className="btn-secondary"
                  aria-expanded={previewing}
                  aria-controls="content-preview"
                  onClick={() => setPreviewing((p) => !p)}
                >
                  {previewing ? 'Hide preview' : 'Preview'}
                </button>
              )}
            </div>
          </form>
        </UploadSessionContext>
        {config.preview && previewing && <Preview config={config} />}
      </FormProvider>
    </div>
  );
}

/** What the public site would show for the form as it is now (not yet saved). */
function Preview({ config }: { config: ContentConfig }) {
  const values = useWatch() as Values;
  return (
    <section id="content-preview" aria-label="Preview" className="mt-8 rounded-lg border-2 border-dashed border-slate-300">
      <p className="bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-700">Preview: as the public page will show it</p>
      {config.preview!(values)}
    </section>
  );
}
