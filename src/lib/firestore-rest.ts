// Firestore's REST address for a database: the hosted service, or the local emulator. For the few
// reads made without the SDK: the build listing articles, and a prerendered page checking its
// content version before any of the app's JavaScript has loaded.
export function firestoreDocumentsUrl(projectId: string, emulatorHost: string | null): string {
  const origin = emulatorHost ? `http://${emulatorHost}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${projectId}/databases/(default)/documents`;
}
