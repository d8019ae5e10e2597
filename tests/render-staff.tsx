// Component tests of back-office screens: the screen inside what the admin layout provides (the
// signed-in staff member, a query client, a router), without the layout's sign-in machinery.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import { StaffContext, type StaffMember } from '../src/admin/staff-context.ts';
import type { Role } from '../src/admin/permissions.ts';

export const staffMember = (role: Role, email = `${role}@summit.test`): StaffMember => ({ email, tokenEmail: email, role });

/** `route` is the screen's route pattern, for a screen that reads its params (e.g. '/admin/statements/:id'). */
export function renderStaffScreen(
  Screen: ComponentType,
  { role = 'admin', email, path = '/admin', route = '*' }: { role?: Role; email?: string; path?: string; route?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub([{ path: route, Component: Screen }]);
  render(
    <QueryClientProvider client={client}>
      <StaffContext.Provider value={staffMember(role, email)}>
        <Stub initialEntries={[path]} />
      </StaffContext.Provider>
    </QueryClientProvider>,
  );
  return { client };
}
