/** Previous / next for a cursor-paged list (see use-cursor-pages). A screen with two lists names each pager (`label`). */
export function Pager({
  pages: { pageNumber, hasPrevious, hasNext, isFetching: busy, previous: onPrevious, next: onNext },
  label = 'Pages',
}: {
  /** What useCursorPages returns (the page it is on, whether there is another either way, and the moves). */
  pages: { pageNumber: number; hasPrevious: boolean; hasNext: boolean; isFetching?: boolean; previous: () => void; next: () => void };
  label?: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <button type="button" className="btn-secondary" disabled={!hasPrevious || busy} onClick={onPrevious}>
        Previous page
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {pageNumber}
      </span>
      <button type="button" className="btn-secondary" disabled={!hasNext || busy} onClick={onNext}>
        Next page
      </button>
    </nav>
  );
}
