// The list screen of a staff-managed collection: cursor pages (newest first), a published/draft
// filter (or the config's own), a title search, and per row: edit, publish or unpublish, the
// config's actions and archive. Every action is logged; what the role may not do is not shown.
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { useState, type FormEvent } from 'react';
import { Link, href } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { useStaff } from '../staff-context.ts';
import { AdminHeader } from '../ui/AdminHeader.tsx';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Pager } from '../ui/Pager.tsx';
import { can } from '../permissions.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { useCursorPages } from '../ui/use-cursor-pages.ts';
import {
  access,
  archiveMessage,
  documentTitle,
  isPublishable,
  listFilter,
  listQuery,
  publishMessage,
  type ContentConfig,
  type ContentDocument,
  type RowAction,
} from './content-config.ts';
import { fetchContentPage } from './content-queries.ts';
import { useArchiveContent, usePublishContent, useRowAction } from './use-content-actions.ts';
import { adminKey } from '../../data/query-keys.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** Runs one row action and reports its result in words (the log line on success). */
function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const report = (done: string, failed: string) => ({
    onSuccess: () => setOutcome({ ok: true, text: `${done}.` }),
    onError: () => setOutcome({ ok: false, text: `${failed} Check your connection and try again.` }),
  });
  return { outcome, report };
}

function Filters({
  config,
  filter,
  onFilter,
  onSearch,
}: {
  config: ContentConfig;
  filter: string;
  onFilter: (v: string) => void;
  onSearch: (v: string) => void;
}) {
  const f = listFilter(config);
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text);
  };
  return (
    <div className="mt-6 flex flex-wrap items-end gap-4">
      {f && (
        <FilterSelect
          label={f.label}
          all="All"
          value={filter}
          onChange={onFilter}
          options={f.options.map((o) => ({ value: String(o.value), label: o.label }))}
        />
      )}
      {config.searchable && (
        <form role="search" className="flex items-end gap-2" onSubmit={submit}>
          <div>
            <label className="field-label" htmlFor="content-search">
              Title starts with
            </label>
            <input id="content-search" className="field-input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </form>
      )}
    </div>
  );
}

/** A collection's list; the layout has checked the role may open it (admin-screens.ts). */
export function ContentListPage({ config }: { config: ContentConfig }) {
  const staff = useStaff();
  const canWrite = can(staff.role, access(config).write);
  const canArchive = can(staff.role, access(config).archive);
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  const filterValue = listFilter(config)?.options.find((o) => String(o.value) === filter)?.value ?? null;
  const query = listQuery(config, filterValue, search);
  const pages = useCursorPages([...adminKey(config.collection), 'list', query], (after) => fetchContentPage(config, query, after));
  const publish = usePublishContent(config);
  const rowAction = useRowAction(config);
  const archive = useArchiveContent(config);
  const { outcome, report } = useOutcome();
  const busy = publish.isPending || rowAction.isPending || archive.isPending;

  const actions = (doc: ContentDocument) => {
    const title = documentTitle(config, doc);
    const published = doc.published === true;
    const extra: RowAction[] = canWrite ? (config.rowActions?.(doc) ?? []) : [];
    return (
      <div className="flex flex-wrap gap-2">
        <Link className="btn-secondary px-3 py-1 text-sm" to={href(`${config.path}/:id`, { id: doc.id })}>
          {canWrite ? 'Edit' : 'View'}
          <span className="sr-only"> ‘{title}’</span>
        </Link>
        {canWrite && isPublishable(config) && (
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            disabled={busy}
            onClick={() =>
              publish.mutate(
                { doc, publish: !published },
                report(publishMessage(!published, title), `We could not ${published ? 'unpublish' : 'publish'} ‘${title}’.`),
              )
            }
          >
            {published ? 'Unpublish' : 'Publish'}
            <span className="sr-only"> ‘{title}’</span>
          </button>
        )}
        {extra.map((action) => (
          <button
            key={action.label}
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            disabled={busy}
            onClick={() => rowAction.mutate({ doc, action }, report(action.log, `We could not do this: ${action.label}.`))}
          >
            {action.label}
            <span className="sr-only"> ‘{title}’</span>
          </button>
        ))}
        {canArchive && (
          <ConfirmButton
            className="btn-secondary px-3 py-1 text-sm"
            disabled={busy}
            question={`Archive the ${config.noun} ‘${title}’? It leaves the lists${isPublishable(config) ? ' and the public site' : ''}; an administrator can restore it from the archive.`}
            confirmLabel={`Archive ${config.noun}`}
            onConfirm={() => archive.mutate({ doc }, report(archiveMessage(config, title), `We could not archive ‘${title}’.`))}
          >
            Archive<span className="sr-only"> ‘{title}’</span>
          </ConfirmButton>
        )}
      </div>
    );
  };

  const columns: Column<ContentDocument>[] = [
    {
      header: config.titleField === 'title' ? 'Title' : (config.fields.find((f) => f.name === config.titleField)?.label ?? 'Name'),
      cell: (doc) => (
        <Link className="font-medium text-brand-700 underline" to={href(`${config.path}/:id`, { id: doc.id })}>
          {documentTitle(config, doc)}
        </Link>
      ),
    },
    ...(config.columns ?? []).map((c) => ({ header: c.header, cell: (doc: ContentDocument) => c.value(doc) })),
    ...(isPublishable(config)
      ? [{ header: 'Status', cell: (doc: ContentDocument) => <StatusBadge status={doc.published === true ? 'published' : 'draft'} /> }]
      : []),
    { header: 'Actions', cell: actions },
  ];

  return (
    <div>
      <AdminHeader title={config.title} summary={config.summary}>
        {canWrite && (
          <Link className="btn-primary" to={href(`${config.path}/add`)}>
            Add {config.noun}
          </Link>
        )}
      </AdminHeader>
      {!canWrite && <p className="mt-4 text-slate-700">Your role ({staff.role}) can read these records but not change them.</p>}
      <Filters config={config} filter={filter} onFilter={setFilter} onSearch={setSearch} />
      <div className="mt-4" aria-live="polite">
        {outcome?.ok && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {outcome.text}
          </p>
        )}
      </div>
      {outcome && !outcome.ok && <FormAlert>{outcome.text}</FormAlert>}
      <QueryState
        query={pages}
        noun={config.title.toLowerCase()}
        isEmpty={(page) => page.items.length === 0}
        empty={search || filter ? `Nothing matches.` : `No ${config.title.toLowerCase()} yet.`}
      >
        {(page) => (
          <>
            <DataTable caption={config.title} columns={columns} rows={page.items} />
            <Pager
              pageNumber={pages.pageNumber}
              hasPrevious={pages.hasPrevious}
              hasNext={pages.hasNext}
              busy={pages.isFetching}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
