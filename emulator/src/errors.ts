// Errors in Google's JSON error shape: {"error":{"code":400,"message":"…","status":"INVALID_ARGUMENT"}}.
// The lite SDK derives FirestoreError.code from the HTTP status alone (400 → failed-precondition,
// 409 → aborted, …), so each canonical code must travel with the HTTP status Google uses for it:
// that is what makes the SDK's transaction retry (aborted / failed-precondition) work.
export type ErrorStatus =
  | 'CANCELLED'
  | 'UNKNOWN'
  | 'INVALID_ARGUMENT'
  | 'DEADLINE_EXCEEDED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'PERMISSION_DENIED'
  | 'RESOURCE_EXHAUSTED'
  | 'FAILED_PRECONDITION'
  | 'ABORTED'
  | 'OUT_OF_RANGE'
  | 'UNIMPLEMENTED'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | 'DATA_LOSS'
  | 'UNAUTHENTICATED';

/** google.rpc.Code → HTTP status, as in googleapis' code.proto. */
export const HTTP_STATUS: Record<ErrorStatus, number> = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

/** google.rpc.Code numbers, for per-write statuses (batchWrite). */
export const RPC_CODE: Record<ErrorStatus | 'OK', number> = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
};

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.status];
  }

  toJSON() {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

/** Any thrown thing as an ApiError; unexpected errors become INTERNAL. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('INTERNAL', error instanceof Error ? error.message : String(error));
}

export const invalid = (message: string) => new ApiError('INVALID_ARGUMENT', message);

/** The message Cloud Firestore gives for every rules denial. */
export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';
