// Errors in Google's JSON shape. The SDK derives FirestoreError.code from the HTTP status alone,
// so the status must be the one the real service uses for each canonical code.
export type ErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'PERMISSION_DENIED'
  | 'UNAUTHENTICATED'
  | 'ABORTED'
  | 'RESOURCE_EXHAUSTED'
  | 'UNIMPLEMENTED'
  | 'INTERNAL';

const HTTP: Record<ErrorStatus, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  UNAUTHENTICATED: 401,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
};

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return HTTP[this.status];
  }

  toJSON() {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

export const invalid = (message: string) => new ApiError('INVALID_ARGUMENT', message);
