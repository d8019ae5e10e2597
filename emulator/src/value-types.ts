// Firestore's `Value` in the proto3 JSON mapping, exactly as the REST API v1 carries it.
// Both the storage/query engine and the rules engine speak this shape, so it lives on its own.
// https://firebase.google.com/docs/firestore/reference/rest/v1/Value

export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | 'NaN' | 'Infinity' | '-Infinity' }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Fields } };

export type Fields = Record<string, Value>;

/** A stored document: `name` is the full resource name (projects/{p}/databases/{d}/documents/...). */
export interface StoredDocument {
  name: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}
