// Whether this browser may hold an attendee's session (signed in with a proven address), read from
// the storage Firebase Auth persists its user in, without loading the Auth SDK: public pages load
// that SDK only when it is needed (scripts/build/public-imports.ts). A hint, not a proof: a page that
// acts on it confirms the session with the SDK (lib/email-link.ts attendeeSession), and if Firebase
// ever stores its user otherwise the hint is simply absent (the page behaves as for a visitor).
const AUTH_USER_KEY = /^firebase:authUser:/;

export function attendeeSessionHint(storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key || !AUTH_USER_KEY.test(key)) continue;
      const user = JSON.parse(storage.getItem(key) ?? 'null') as { isAnonymous?: unknown; emailVerified?: unknown; email?: unknown } | null;
      if (user && user.isAnonymous === false && user.emailVerified === true && typeof user.email === 'string') return true;
    }
  } catch {
    // unreadable storage: no hint
  }
  return false;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
