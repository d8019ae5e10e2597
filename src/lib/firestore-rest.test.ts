import { describe, expect, it } from 'vitest';
import { firestoreDocumentsUrl } from './firestore-rest.ts';

describe("Firestore's REST address", () => {
  it('is the hosted service for a real project', () => {
    expect(firestoreDocumentsUrl('nci-summit', null)).toBe('https://firestore.googleapis.com/v1/projects/nci-summit/databases/(default)/documents');
  });

  it('is the local emulator, over plain HTTP, when one is named', () => {
    expect(firestoreDocumentsUrl('demo-nci-summit', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1/projects/demo-nci-summit/databases/(default)/documents');
  });
});
