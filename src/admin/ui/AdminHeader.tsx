import type { ReactNode } from 'react';

/** A back-office screen's heading, one-line purpose and main actions. */
export function AdminHeader({ title, summary, children }: { title: string; summary?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1>{title}</h1>
        {summary && <p className="mt-1 text-slate-700">{summary}</p>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
