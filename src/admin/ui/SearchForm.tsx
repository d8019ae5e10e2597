// A back-office list's search box: typed freely, searched on submit (each search is a few
// queries, not one per keystroke), and cleared back to the list.
import { useState } from 'react';
import { TextField } from '../../components/TextField.tsx';

export function SearchForm({ id, label, hint, q, onSearch }: { id: string; label: string; hint: string; q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="max-w-md">
        <TextField id={id} type="search" label={label} hint={hint} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="submit" className="btn-secondary">
        Search
      </button>
      {q && (
        <button type="button" className="btn-secondary" onClick={() => (setText(''), onSearch(''))}>
          Clear search
        </button>
      )}
    </form>
  );
}
