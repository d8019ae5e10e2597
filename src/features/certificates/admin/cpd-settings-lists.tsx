// The CPD settings' two ordered lists (evaluation questions, export columns) share how an item is
// moved and removed: buttons, not dragging, so the keyboard and screen readers can reorder; focus
// follows the item it moved (or lands on the next one after a removal), and a live region says
// where it went, since the button under the keyboard's focus changed place.
import { useRef, useState, type ReactNode } from 'react';

export interface ListMoves {
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** The buttons of item `index` (of `count`), and the announcement region the list shows once. */
export function useOrderedList(name: string, { move, remove }: ListMoves) {
  const list = useRef<HTMLOListElement>(null);
  const [said, setSaid] = useState('');
  const focusLater = (selector: string, fallback?: string) =>
    requestAnimationFrame(() => {
      const root = list.current?.parentElement;
      const first = root?.querySelector<HTMLElement>(selector);
      const target = first && !(first as HTMLButtonElement).disabled ? first : fallback ? root?.querySelector<HTMLElement>(fallback) : first;
      target?.focus();
    });

  // A function returning elements, not a component: a component defined here would be a new type
  // on every render, and remounting its buttons would drop the focus just given to them.
  const controls = (index: number, count: number, itemName: string) => {
    const spoken = itemName[0].toUpperCase() + itemName.slice(1);
    const go = (to: number, direction: 'up' | 'down') => {
      move(index, to);
      setSaid(`${spoken} moved to position ${to + 1} of ${count}.`);
      focusLater(`[data-move="${direction}-${to}"]`, `[data-move="${direction === 'up' ? 'down' : 'up'}-${to}"]`);
    };
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" data-move={`up-${index}`} className="btn-secondary px-3 py-1 text-sm" disabled={index === 0} onClick={() => go(index - 1, 'up')}>
          Move up <span className="sr-only">{itemName}</span>
        </button>
        <button
          type="button"
          data-move={`down-${index}`}
          className="btn-secondary px-3 py-1 text-sm"
          disabled={index === count - 1}
          onClick={() => go(index + 1, 'down')}
        >
          Move down <span className="sr-only">{itemName}</span>
        </button>
        <button
          type="button"
          className="px-3 py-1 text-sm font-medium text-red-800 underline"
          onClick={() => {
            remove(index);
            setSaid(`${spoken} removed.`);
            // The item that takes its place, else the one before, else the list's add control.
            const next = index < count - 1 ? index : index - 1;
            focusLater(next >= 0 ? `[data-item="${next}"]` : `[data-add="${name}"]`, `[data-add="${name}"]`);
          }}
        >
          Remove <span className="sr-only">{itemName}</span>
        </button>
      </div>
    );
  };

  const announcer: ReactNode = (
    <p role="status" className="sr-only">
      {said}
    </p>
  );
  return { list, controls, announcer };
}
