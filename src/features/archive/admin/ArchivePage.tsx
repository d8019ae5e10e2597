import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ARCHIVABLE_COLLECTIONS, mayReadArchived, mayRemove, type ArchivableCollection } from '../../../admin/permissions.ts';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { archivedTitle, archivePage, COLLECTION_NAMES, useRestore, type ArchivedItem } from './archived-items.ts';

export default function ArchivePage() {
  return <ArchiveScreen />;
}

function ArchiveScreen() {
  const { role } = useStaff();
  const readable = ARCHIVABLE_COLLECTIONS.filter((c) => mayReadArchived(role, c));
  // In the address, so a collection's archive can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const asked = params.get('collection') as ArchivableCollection | null;
  const collection = asked && readable.includes(asked) ? asked : readable[0];
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<ArchivedItem | null>(null);
  const choose = (c: ArchivableCollection) => {
    setOpen(null);
    setNotice('');
    setParams({ collection: c }, { replace: true });
  };
  return (
    <div>
      <AdminHeader
        title="Archive"
        summary="Archived records are kept here, unchanged, and can be put back where they were. You see the collections your role may read."
      />
      <div className="mt-6 max-w-sm">
        <FilterSelect
          label="Collection"
          value={collection}
          onChange={(v) => choose(v as ArchivableCollection)}
          options={readable.map((c) => ({ value: c, label: COLLECTION_NAMES[c].label }))}
        />
      </div>
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {open ? (
        <ArchivedItemView
          key={open.id}
          collection={collection}
          item={open}
          onClose={() => setOpen(null)}
          onRestored={(title) => {
            setOpen(null);
            setNotice(`Restored “${title}” to ${COLLECTION_NAMES[collection].label.toLowerCase()}.`);
          }}
        />
      ) : (
        <ArchivedList
          key={collection}
          collection={collection}
          onOpen={(item) => {
            setNotice('');
            setOpen(item);
          }}
        />
      )}
    </div>
  );
}

function ArchivedList({ collection, onOpen }: { collection: ArchivableCollection; onOpen: (item: ArchivedItem) => void }) {
  const { key, fetch } = archivePage(collection);
  const pages = useCursorPages(key, fetch);
  const label = COLLECTION_NAMES[collection].label;
  return (
    <PagedTable<ArchivedItem>
      pages={pages}
      noun={`archived ${label.toLowerCase()}`}
      empty={`Nothing archived in ${label.toLowerCase()}.`}
      caption={`Archived ${label.toLowerCase()}, newest first`}
      columns={[
        {
          header: 'Item',
          cell: (item) => (
            <button type="button" className="text-left text-brand-700 underline" onClick={() => onOpen(item)}>
              {archivedTitle(collection, item)}
            </button>
          ),
        },
        { header: 'Reference', cell: (item) => <span className="break-all font-mono text-xs">{item.id}</span> },
        { header: 'Created', cell: (item) => formatDateTime(item.timestamp), className: 'whitespace-nowrap' },
      ]}
    />
  );
}

/** A stored value as text: dates in Nairobi time, lists and maps as compact JSON. */
function shown(value: unknown): string {
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > 600 ? `${json.slice(0, 600)}…` : json;
  }
  return String(value);
}

function ArchivedItemView({
  collection,
  item,
  onClose,
  onRestored,
}: {
  collection: ArchivableCollection;
  item: ArchivedItem;
  onClose: () => void;
  onRestored: (title: string) => void;
}) {
  const { role } = useStaff();
  const restore = useRestore();
  const title = archivedTitle(collection, item);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fields = Object.entries(item)
    .filter(([k]) => k !== 'id')
    .sort(([a], [b]) => a.localeCompare(b));
  return (
    <article className="mt-6 max-w-3xl rounded-lg border border-slate-200 p-6" aria-labelledby="archived-title">
      <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={onClose}>
        ← Back to the list
      </button>
      <h2 id="archived-title" ref={heading} tabIndex={-1} className="mt-3 break-words">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Archived {COLLECTION_NAMES[collection].noun} · reference <span className="font-mono">{item.id}</span>
      </p>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {fields.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-slate-800">{k}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{shown(v)}</dd>
          </div>
        ))}
      </dl>
      {restore.isError && (
        <div className="mt-4">
          <FormAlert>The item could not be restored. Check your connection and try again; if it keeps failing, it may already be back in place.</FormAlert>
        </div>
      )}
      <div className="mt-6">
        {mayRemove(role, collection) ? (
          <button
            type="button"
            className="btn-primary"
            disabled={restore.isPending}
            onClick={() => restore.mutate({ collection, item }, { onSuccess: () => onRestored(title) })}
          >
            {restore.isPending ? 'Restoring…' : 'Restore'}
          </button>
        ) : (
          <p className="text-sm text-slate-700">Your role may read this archive but not restore from it: ask an administrator.</p>
        )}
      </div>
    </article>
  );
}
