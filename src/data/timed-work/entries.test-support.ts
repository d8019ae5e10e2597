// A waiting-list entry as a transaction or a query reads it (plain data with its id), for the timed
// work's tests: `email` joined at 08:`minute` on 1 March 2027, waiting unless `over` says otherwise.
import type { Entry, Read } from './decisions.ts';

export const waitingEntry = (email: string, minute: number, over: Partial<Entry> = {}): Entry & NonNullable<Read> => ({
  id: email,
  email,
  fullName: email.split('@')[0],
  category: 'delegate',
  form: {},
  position: new Date(Date.UTC(2027, 2, 1, 8, minute)),
  status: 'waiting',
  offer: null,
  timestamp: new Date(Date.UTC(2027, 2, 1, 8, minute)),
  ...over,
});
