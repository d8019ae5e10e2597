// The Firebase app (firebase/app only). Firestore's SDK is in lib/app-firestore.ts and Auth's in
// lib/firebase-auth.ts, each loaded when something needs it, so no public page downloads either
// before its visitor acts; App Check (lib/app-check.ts) needs only this.
import { getApp, getApps, initializeApp } from 'firebase/app';
import { firebaseConfig } from './env.ts';

export const firebaseApp = getApps().length ? getApp() : initializeApp(firebaseConfig);
