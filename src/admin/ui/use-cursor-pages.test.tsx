import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Cursor } from '../../lib/db.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { Pager } from './Pager.tsx';

// A collection of 7 items in pages of 3; a cursor is the last item of the previous page.
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: `item-${i + 1}` }));
const calls: Array<string | null> = [];
async function fetchPage(filter: string, after: Cursor | null) {
  const cursor = after;
  calls.push(cursor?.id ?? null);
  const items = ITEMS.filter((i) => filter === 'all' || i.id.endsWith(filter));
  const start = cursor ? items.findIndex((i) => i.id === cursor.id) + 1 : 0;
  const page = items.slice(start, start + 3);
  return { items: page, next: start + 3 < items.length ? { value: null, id: page.at(-1)!.id } : null };
}

function List() {
  const [filter, setFilter] = useState('all');
  const pages = useCursorPages(['items', filter], (after) => fetchPage(filter, after));
  return (
    <>
      <button onClick={() => setFilter('7')}>Only 7</button>
      <ul>
        {pages.data?.items.map((i) => (
          <li key={i.id}>{i.id}</li>
        ))}
      </ul>
      <Pager pages={pages} />
    </>
  );
}

describe('cursor pages', () => {
  it('pages forward by cursor, back from cache, and starts again at page one when the query changes', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })}>
        <List />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('item-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('item-4')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('item-7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('item-4')).toBeInTheDocument();
    expect(calls).toEqual([null, 'item-3', 'item-6']); // page 2 again came from the cache
    await user.click(screen.getByRole('button', { name: 'Only 7' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(await screen.findByText('item-7')).toBeInTheDocument();
    expect(calls.at(-1)).toBeNull();
  });
});
