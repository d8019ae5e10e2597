import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, NavLink, Outlet, href, useLocation, useMatches, useNavigate, type MetaFunction } from 'react-router';
import { RequireCapability } from '../../admin/RequireCapability.tsx';
import { adminScreen, adminTitle, menuFor, ownDocument, type AdminScreen } from './admin-screens.ts';
import { StaffContext, type StaffMember } from '../../admin/staff-context.ts';
import { can } from '../../admin/permissions.ts';
import { checkSession, currentUser, signOut } from '../../lib/auth.ts';
import { db } from '../../lib/data.ts';
import { hasToken, LOGIN_CHECK_INTERVAL_MS, storedToken, tokenExpiresAt } from '../../lib/session.ts';

// Screens export no meta of their own: the title comes from their declaration in admin-screens.ts.
export const meta: MetaFunction = ({ matches }) => {
  const screen = adminScreen(matches.at(-1)?.id);
  return [{ title: screen ? adminTitle(screen.title) : 'Back office | National Cancer Summit' }, { name: 'robots', content: 'noindex' }];
};

/** A screen's own route (routes.ts nests each declared path under /admin). */
const screenPath = (s: AdminScreen) => (s.path ? `${href('/admin')}/${s.path}` : href('/admin'));

/** A forced token refresh (which notices a revoked session) at most this often, on focus. */
const REVALIDATE_ON_FOCUS_MS = 60_000;

/**
 * SPEC section 4: once a second, a page without a token sends the visitor to /login. Beyond the
 * spec, a token past its expiry is not trusted: Firebase is asked for a fresh one, and a session it
 * has ended (revoked, account disabled or deleted) leaves the back office at once. Coming back to
 * the tab asks again even before expiry, so a revocation is noticed when someone returns to a desk.
 */
function useSessionGate() {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The page asked for, query and fragment included: sign-in returns there (LoginPage).
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  useEffect(() => {
    let checking = false;
    let lastForced = Date.now();
    const verify = async (force: boolean) => {
      if (checking) return;
      checking = true;
      try {
        if ((await checkSession(force)) !== 'ended') return;
        await signOut();
        client.clear();
        navigate(href('/login'), { replace: true, state: { from: here, sessionEnded: true } });
      } finally {
        checking = false;
      }
    };
    const check = () => {
      const token = storedToken();
      if (!token) return void navigate(href('/login'), { replace: true, state: { from: here } });
      const expiresAt = tokenExpiresAt(token);
      if (expiresAt !== null && expiresAt <= Date.now()) void verify(false);
    };
    const returned = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastForced < REVALIDATE_ON_FOCUS_MS) return;
      lastForced = Date.now();
      void verify(true);
    };
    check();
    const timer = setInterval(check, LOGIN_CHECK_INTERVAL_MS);
    window.addEventListener('focus', returned);
    document.addEventListener('visibilitychange', returned);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', returned);
      document.removeEventListener('visibilitychange', returned);
    };
  }, [navigate, here, client]);
}

async function loadStaffMember(): Promise<StaffMember | null> {
  const user = await currentUser();
  if (!user?.email) return null;
  const email = user.email.toLowerCase();
  // Rules only let verified staff read their own entry, so a refusal means "not staff". Any other
  // failure (offline) is an error, so a refetch keeps the entry already shown.
  const entry = await db.fetchDocument<{ role: StaffMember['role'] }>('staff', email).catch((error: { code?: string }) => {
    if (error?.code === 'permission-denied') return null;
    throw error;
  });
  return entry ? { email, tokenEmail: user.email, role: entry.role, displayName: user.displayName } : null;
}

export default function AdminLayout() {
  useSessionGate();
  const screen = adminScreen(useMatches().at(-1)?.id);
  const navigate = useNavigate();
  // Read again after a minute when the tab regains focus: someone removed from the staff list, or
  // given another role, sees it without signing out.
  const staff = useQuery({ queryKey: ['staff', 'me'], queryFn: loadStaffMember, enabled: hasToken(), staleTime: 60_000 });
  const client = useQueryClient();
  const logout = async () => {
    await signOut();
    // Nothing read as this person may be shown to the next one at a shared desk: their staff entry
    // (email, role, menu) above all, which is cached for the session.
    client.clear();
    navigate(href('/login'), { replace: true });
  };
  if (!hasToken() || staff.isPending) return <p className="p-8 text-slate-600">Checking your access…</p>;
  if (staff.isError && !staff.data) {
    return (
      <main className="container-page max-w-xl py-16">
        <h1>Could not check your access</h1>
        <p role="alert" className="mt-4 text-slate-700">
          The staff list could not be reached. Check your connection and try again.
        </p>
        <button type="button" className="btn-primary mt-6" onClick={() => void staff.refetch()}>
          Try again
        </button>
      </main>
    );
  }
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
  const menu = menuFor(member.role);
  // Someone who may not open the overview (a reviewer: its figures are staff records) starts on
  // the first screen their menu offers rather than on a refusal.
  if (screen?.path === '' && screen.needs && !can(member.role, screen.needs) && menu[0]) return <Navigate to={screenPath(menu[0])} replace />;
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
              {menu.map((s) => (
                <li key={s.id}>
                  <NavLink
                    end={!s.path}
                    reloadDocument={ownDocument(s)}
                    to={screenPath(s)}
                    className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-brand-50'}`}
                  >
                    {s.menu}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main className="flex-1 p-4 sm:p-8">
          {screen?.needs ? (
            <RequireCapability needs={screen.needs} title={screen.title}>
              <Outlet />
            </RequireCapability>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </StaffContext.Provider>
  );
}
