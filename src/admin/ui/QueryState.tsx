import type { ReactNode } from 'react';
import { FormAlert } from '../../components/fields.tsx';

interface Loadable<D> {
  isPending: boolean;
  isError: boolean;
  data?: D;
  refetch: () => unknown;
}

/** Loading, error (with retry) and empty states for one query; children get the data. */
export function QueryState<D>({
  query,
  noun,
  isEmpty,
  empty,
  children,
}: {
  query: Loadable<D>;
  noun: string;
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="mt-6 text-slate-600" role="status">
        Loading {noun}…
      </p>
    );
  if (query.isError || query.data === undefined) {
    return (
      <div className="mt-6 space-y-3">
        <FormAlert>We could not load the {noun}. Check your connection, then try again.</FormAlert>
        <button type="button" className="btn-secondary" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <p className="mt-6 text-slate-700">{empty ?? `No ${noun} yet.`}</p>;
  return <>{children(query.data)}</>;
}
