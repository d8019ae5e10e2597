// Where the upload control sends files. The control knows only this interface: the back office
// uses `firebaseUploader` (Cloud Storage through firebase/storage, loaded on first use); component
// tests give a fake.
import { fileUrl } from '../../lib/storage-urls.ts';

export interface Uploader {
  /** Stores `blob` under `name` (never an existing name) and answers its public address. Rejects with an AbortError when `signal` aborts. */
  upload(name: string, blob: Blob, contentType: string, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<string>;
  /** Deletes the object; an object already gone is not an error. */
  remove(name: string): Promise<void>;
}

export const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
export const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** Cloud Storage's uploader: resumable uploads (the SDK retries a dropped connection by itself). */
export const firebaseUploader: Uploader = {
  async upload(name, blob, contentType, onProgress, signal) {
    if (signal.aborted) throw abortError();
    const { getAppStorage, ref, uploadBytesResumable } = await import('../../lib/app-storage.ts');
    // Cancelled while the SDK loaded: an abort already signalled never fires again.
    if (signal.aborted) throw abortError();
    const task = uploadBytesResumable(ref(getAppStorage(), name), blob, { contentType, cacheControl: 'public, max-age=31536000, immutable' });
    const cancel = () => task.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await new Promise<void>((resolve, reject) =>
        task.on(
          'state_changed',
          (s) => onProgress(s.bytesTransferred, s.totalBytes),
          reject,
          () => resolve(),
        ),
      );
    } catch (e) {
      throw signal.aborted ? abortError() : e;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    return fileUrl(name);
  },
  async remove(name) {
    const { deleteObject, getAppStorage, ref } = await import('../../lib/app-storage.ts');
    try {
      await deleteObject(ref(getAppStorage(), name));
    } catch (e) {
      if ((e as { code?: string }).code !== 'storage/object-not-found') throw e;
    }
  },
};
