import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, type MetaFunction } from 'react-router';
import { ADMIN_NAV } from '../../content/admin.ts';
import { StaffContext, type StaffMember } from '../../components/staff-context.ts';
import { can } from '../../components/admin/permissions.ts';
import { currentUser, signOut } from '../../lib/auth.ts';
import { db } from '../../lib/data.ts';
import { hasToken, LOGIN_CHECK_INTERVAL_MS } from '../../lib/session.ts';

export const meta: MetaFunction = () => [{ title: 'Back office | National Cancer Summit' }, { name: 'robots', content: 'noindex' }];

/** SPEC section 4: once a second, a page without a token sends the visitor to /login. */
function useTokenGate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const check = () => {
      if (!hasToken()) navigate('/login', { replace: true, state: { from: pathname } });
    };
    check();
    const timer = setInterval(check, LOGIN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate, pathname]);
}

async function loadStaffMember(): Promise<StaffMember | null> {
  const user = await currentUser();
  if (!user?.email) return null;
  const email = user.email.toLowerCase();
  // Rules only let verified staff read their own entry, so a refusal means "not staff".
  const entry = await db.fetchDocument<{ role: StaffMember['role'] }>('staff', email).catch(() => null);
  return entry ? { email, tokenEmail: user.email, role: entry.role, displayName: user.displayName } : null;
}

export default function AdminLayout() {
  useTokenGate();
  const navigate = useNavigate();
  const staff = useQuery({ queryKey: ['staff', 'me'], queryFn: loadStaffMember, enabled: hasToken(), staleTime: Infinity });
  const client = useQueryClient();
  const logout = async () => {
    await signOut();
    // Nothing read as this person may be shown to the next one at a shared desk: their staff entry
    // (email, role, menu) above all, which is cached for the session.
    client.clear();
    navigate('/login', { replace: true });
  };
  if (!hasToken() || staff.isPending) return <p className="p-8 text-slate-600">Checking your access…</p>;
  if (!staff.data) {
    return (
      <main className="container-page max-w-xl py-16">
        <h1>No access</h1>
        <p className="mt-4 text-slate-700">
          You are signed in, but your account is not on the summit staff list. Ask an administrator to add you under Manage Users.
        </p>
        <button type="button" className="btn-secondary mt-6" onClick={logout}>
          Log out
        </button>
      </main>
    );
  }
  const member = staff.data;
  return (
    <StaffContext.Provider value={member}>
      <div className="min-h-screen lg:flex">
        <aside className="border-b border-slate-200 bg-slate-50 lg:w-60 lg:border-b-0 lg:border-r">
          <div className="p-4">
            <p className="font-bold text-brand-700">Summit back office</p>
            <p className="mt-1 text-sm text-slate-700">
              {staff.data.email} · {staff.data.role}
            </p>
            <button type="button" className="mt-2 text-sm font-medium text-brand-700 underline" onClick={logout}>
              Log out
            </button>
          </div>
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1 px-2 pb-4 lg:flex-col">
              {ADMIN_NAV.filter((item) => !item.needs || can(member.role, item.needs)).map((item) => (
                <li key={item.to}>
                  <NavLink
                    end={item.to === '/admin'}
                    to={item.to}
                    className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-brand-50'}`}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main className="flex-1 p-4 sm:p-8">
          <Outlet />
        </main>
      </div>
    </StaffContext.Provider>
  );
}
