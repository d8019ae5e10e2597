// Errors in the shape the Firebase Storage v0 API answers with, {"error":{"code":403,"message":"…"}}.
// The SDK turns the HTTP status into its own code (sharedErrorHandler / objectErrorHandler in
// @firebase/storage): 401 → storage/unauthenticated, 402 → storage/quota-exceeded,
// 403 → storage/unauthorized, 404 (object requests) → storage/object-not-found; anything else
// keeps storage/unknown with the body as `serverResponse`. It retries 5xx, 408 and 429, so a
// refusal must never use those.
import { ApiError } from '../errors.ts';

export class StorageFailure extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'StorageFailure';
  }

  toJSON() {
    return { error: { code: this.httpStatus, message: this.message } };
  }
}

export const badRequest = (message: string) => new StorageFailure(400, message);
export const notFound = (message = 'Not Found.') => new StorageFailure(404, message);
export const tooLarge = (message: string) => new StorageFailure(413, message);

/** Anything thrown, in the v0 shape (the token checks of auth-token.ts throw ApiErrors). */
export function toStorageFailure(error: unknown): StorageFailure {
  if (error instanceof StorageFailure) return error;
  if (error instanceof ApiError) return new StorageFailure(error.httpStatus, error.message);
  return new StorageFailure(500, error instanceof Error ? error.message : String(error));
}
