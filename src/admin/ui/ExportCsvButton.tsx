// "Export CSV" for a staff export task (useStaffTask reading every record, then a CSV): the count
// read so far while it runs, the download when done, and the outcome said in a status region, or
// an alert when it fails (nothing is saved then, so trying again is safe).
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/fields.tsx';
import { downloadFile } from '../../lib/csv.ts';

type Progress = { onProgress: (n: number) => void };

interface Props<V> {
  exporter: UseMutationResult<{ csv: string; rows: number }, Error, V & Progress>;
  /** What the task reads, less the progress callback this button supplies. */
  vars: V;
  /** The file's name before its date: `${fileStem}-YYYY-MM-DD.csv`. */
  fileStem: string;
  /** What the running count counts: "rows" in "Exporting… 1,200 rows". */
  counting: string;
  /** The outcome once done, from the number of rows written. */
  done: (rows: number) => string;
  primary?: boolean;
  /** Asked on click: false keeps the export from starting (a choice beside the button still needs an answer, which says so). */
  ready?: () => boolean;
}

export function ExportCsvButton<V>({ exporter, vars, fileStem, counting, done, primary, ready }: Props<V>) {
  const [progress, setProgress] = useState(0);
  const run = () =>
    (ready?.() ?? true) &&
    exporter.mutate(
      { ...vars, onProgress: setProgress },
      { onSuccess: ({ csv }) => downloadFile(`${fileStem}-${new Date().toISOString().slice(0, 10)}.csv`, csv, 'text/csv;charset=utf-8') },
    );
  return (
    <div className="text-right">
      <button type="button" className={primary ? 'btn-primary' : 'btn-secondary'} disabled={exporter.isPending} onClick={run}>
        {exporter.isPending ? `Exporting… ${progress.toLocaleString('en-GB')} ${counting}` : 'Export CSV'}
      </button>
      <p className="mt-1 text-sm text-slate-600" role="status">
        {exporter.isSuccess && done(exporter.data.rows)}
      </p>
      {exporter.isError && <FormAlert>The export failed part-way; nothing was saved. Check your connection and try again.</FormAlert>}
    </div>
  );
}
