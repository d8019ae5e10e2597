// Addresses of the files this site keeps in Cloud Storage, read by plain URL without a token
// (storage.rules lets anyone `get` content/** and settings/cpd/**: the names are unguessable).
// The one place that turns an object's name into its public address and back; no SDK.
import { firebaseConfig, storageEmulatorHost, usesEmulators } from './env.ts';

interface Where {
  bucket: string;
  /** The emulator's host:port, or null for Cloud Storage itself. */
  emulatorHost: string | null;
}

const configured = (): Where => ({ bucket: firebaseConfig.storageBucket ?? '', emulatorHost: usesEmulators ? storageEmulatorHost : null });

const base = ({ bucket, emulatorHost }: Where) => `${emulatorHost ? `http://${emulatorHost}` : 'https://firebasestorage.googleapis.com'}/v0/b/${bucket}/o/`;

/** The public address of an object (no token: `get` is public where we store). */
export function fileUrl(name: string, where: Where = configured()): string {
  return `${base(where)}${encodeURIComponent(name)}?alt=media`;
}

/** The object's name when `url` is the address of one of our files (this bucket), else null. */
export function objectNameFromUrl(url: string, where: Where = configured()): string | null {
  const prefix = base(where);
  if (!url.startsWith(prefix) || !url.endsWith('?alt=media')) return null;
  try {
    const name = decodeURIComponent(url.slice(prefix.length, -'?alt=media'.length));
    return name && !name.includes('?') ? name : null;
  } catch {
    return null;
  }
}

/** The 320-pixel image beside a 960 one of ours (for srcSet); undefined for any other address. */
export function smallImageUrl(url: string | undefined, where: Where = configured()): string | undefined {
  const name = url ? objectNameFromUrl(url, where) : null;
  return name && name.endsWith('-960.webp') ? fileUrl(`${name.slice(0, -'960.webp'.length)}320.webp`, where) : undefined;
}
