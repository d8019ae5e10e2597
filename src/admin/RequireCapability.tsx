import type { ReactNode } from 'react';
import { useStaff } from './staff-context.ts';
import { can, type Capability } from './permissions.ts';

/** A screen a role may not use says so plainly (the rules refuse it anyway). */
export function RequireCapability({ needs, title, children }: { needs: Capability; title: string; children: ReactNode }) {
  const staff = useStaff();
  if (can(staff.role, needs)) return <>{children}</>;
  return (
    <div>
      <h1>{title}</h1>
      <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900" role="status">
        Your role ({staff.role}) does not give access to this screen. Ask an administrator if you need it.
      </p>
    </div>
  );
}
