import { useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { fileUrl } from '../../../lib/storage-urls.ts';
import { formatDateTime } from '../../../lib/nairobi-time.ts';
import { useDeleteFiles, useUnusedFiles, type UnusedFileRow } from './files-api.ts';
import { isRecent } from './unused-files.ts';

const plural = (n: number) => `${n} unused file${n === 1 ? '' : 's'}`;

export default function UnusedFilesPage() {
  const files = useUnusedFiles();
  // When the list was read: a file uploaded within a day of it may be in an editor not saved yet.
  const [now] = useState(() => new Date());
  const remove = useDeleteFiles();
  const [notice, setNotice] = useState('');
  const [failed, setFailed] = useState(0);
  const del = (names: string[]) => {
    setNotice('');
    setFailed(0);
    remove.mutate(names, {
      onSuccess: ({ deleted, failed }) => {
        if (deleted.length) setNotice(deleted.length === 1 ? `Deleted ${deleted[0]}.` : `Deleted ${plural(deleted.length)}.`);
        setFailed(failed.length);
      },
    });
  };
  return (
    <div>
      <AdminHeader
        title="Unused files"
        summary="Files in storage that no record names (archived records and the CPD settings included): uploads whose editor was closed before saving. Deleting one cannot be undone."
      />
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {(failed > 0 || remove.isError) && (
        <div className="mt-4">
          <FormAlert>
            {failed > 0
              ? `${plural(failed)} could not be deleted. Check your connection and try again.`
              : 'The files may not all be deleted or logged. Check your connection, then look at the list again.'}
          </FormAlert>
        </div>
      )}
      <QueryState query={files} noun="unused files" isEmpty={(d) => d.length === 0} empty="No unused files: every file in storage is named by a record.">
        {(rows) => {
          const settled = rows.filter((r) => !isRecent(r.uploaded, now));
          return (
            <>
              <div className="mt-6">
                {settled.length > 0 ? (
                  <ConfirmButton
                    question={`Delete all ${plural(settled.length)} uploaded more than a day ago?`}
                    detail="No record names them, so no page shows them. They cannot be brought back."
                    confirmLabel={`Delete ${plural(settled.length)}`}
                    disabled={remove.isPending}
                    onConfirm={() => del(settled.map((r) => r.id))}
                  >
                    {`Delete all ${plural(settled.length)} uploaded more than a day ago`}
                  </ConfirmButton>
                ) : (
                  <p className="text-sm text-slate-700">Every file listed was uploaded in the last day: it may belong to an editor not saved yet.</p>
                )}
              </div>
              <DataTable<UnusedFileRow>
                caption="Files no record names"
                rows={rows}
                columns={[
                  { header: 'Record folder', cell: (f) => f.folder || '—' },
                  { header: 'File', cell: (f) => <span className="break-all font-mono text-xs">{f.file}</span> },
                  {
                    header: 'Uploaded',
                    cell: (f) => (
                      <>
                        {f.uploaded ? formatDateTime(f.uploaded) : 'unknown'}
                        {isRecent(f.uploaded, now) && <span className="block text-xs text-amber-800">In the last day: may be in an editor not saved yet.</span>}
                      </>
                    ),
                  },
                  {
                    header: 'Open',
                    cell: (f) => (
                      <a href={fileUrl(f.id)} target="_blank" rel="noreferrer" className="text-brand-700 underline" aria-label={`Open ${f.file}`}>
                        Open
                      </a>
                    ),
                  },
                  {
                    header: 'Delete',
                    cell: (f) => (
                      <ConfirmButton
                        label={`Delete ${f.file} (${f.folder})`}
                        question={`Delete ${f.file}?`}
                        detail={`In ${f.folder || 'the bucket'}. No record names it; it cannot be brought back.`}
                        confirmLabel="Delete file"
                        disabled={remove.isPending}
                        onConfirm={() => del([f.id])}
                      >
                        Delete
                      </ConfirmButton>
                    ),
                  },
                ]}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
