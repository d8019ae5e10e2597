// The app's data module instance, on the app's Firestore.
import { createDb } from './db.ts';
import { getDb } from './firebase.ts';

export const db = createDb(getDb);
