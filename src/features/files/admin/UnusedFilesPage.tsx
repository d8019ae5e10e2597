import { useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { FormAlert } from '../../../components/fields.tsx';
import { fileUrl } from '../../../lib/storage-urls.ts';
import { useDeleteFiles, useUnusedFiles } from './files-api.ts';
import type { UnusedFile } from './unused-files.ts';

const plural = (n: number) => `${n} unused file${n === 1 ? '' : 's'}`;

export default function UnusedFilesPage() {
  const files = useUnusedFiles();
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
        {(rows) => (
          <>
            <div className="mt-6">
              <ConfirmButton
                question={`Delete all ${plural(rows.length)}?`}
                detail="No record names them, so no page shows them. They cannot be brought back."
                confirmLabel={`Delete ${plural(rows.length)}`}
                disabled={remove.isPending}
                onConfirm={() => del(rows.map((r) => r.id))}
              >
                {`Delete all ${plural(rows.length)}`}
              </ConfirmButton>
            </div>
            <DataTable<UnusedFile>
              caption="Files no record names"
              rows={rows}
              columns={[
                { header: 'Record folder', cell: (f) => f.folder || '—' },
                { header: 'File', cell: (f) => <span className="break-all font-mono text-xs">{f.file}</span> },
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
        )}
      </QueryState>
    </div>
  );
}
