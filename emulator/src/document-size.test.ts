import { describe, expect, it } from 'vitest';
import { documentNameSize, documentSize, valueSize } from './document-size.ts';

describe('document size (storage-size documentation)', () => {
  it("computes the documentation's example: users/jeff/tasks/my_task_id is 147 bytes", () => {
    expect(documentNameSize('users/jeff/tasks/my_task_id')).toBe(44);
    const fields = {
      type: { stringValue: 'Personal' },
      done: { booleanValue: false },
      priority: { integerValue: '1' },
      description: { stringValue: 'Learn Cloud Firestore' },
    };
    expect(documentSize('users/jeff/tasks/my_task_id', fields)).toBe(147);
  });

  it('sizes every value type', () => {
    expect(valueSize({ nullValue: null })).toBe(1);
    expect(valueSize({ doubleValue: 1.5 })).toBe(8);
    expect(valueSize({ timestampValue: '2027-01-01T00:00:00Z' })).toBe(8);
    expect(valueSize({ geoPointValue: { latitude: 1, longitude: 2 } })).toBe(16);
    expect(valueSize({ bytesValue: 'AAECAw==' })).toBe(4);
    expect(valueSize({ stringValue: 'é' })).toBe(3);
    expect(valueSize({ referenceValue: 'projects/p/databases/(default)/documents/users/jeff' })).toBe(6 + 5 + 16);
    expect(valueSize({ arrayValue: { values: [{ booleanValue: true }, { stringValue: 'ab' }] } })).toBe(4);
    expect(valueSize({ mapValue: { fields: { ab: { booleanValue: true } } } })).toBe(3 + 1);
  });

  it('sizes a vector as the map it is stored as (the documentation lists no vector type)', () => {
    const vector = {
      mapValue: {
        fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: 2 }, { doubleValue: 3 }] } } },
      },
    };
    // "__type__" 9 + "__vector__" 11 + "value" 6 + 3 doubles of 8.
    expect(valueSize(vector)).toBe(9 + 11 + 6 + 24);
  });
});
