// Fakes of the upload control's network and scaler, for component tests (jsdom has neither
// createImageBitmap nor OffscreenCanvas; the real ones run in the browser, in e2e).
import { fileUrl } from '../../lib/storage-urls.ts';
import { scaledSizes, type Scaler } from './image-scaling.ts';
import { abortError, type Uploader } from './uploader.ts';

export interface FakeUploader extends Uploader {
  /** Names stored, in order (a cancelled or failed one is not). */
  stored: string[];
  removed: string[];
  /** While set, uploads wait (after a first progress report) until `release()`. */
  holding: boolean;
  release(): void;
  /** The next upload fails like a refused request. */
  failNext: boolean;
}

export function fakeUploader(): FakeUploader {
  let releases: Array<() => void> = [];
  const fake: FakeUploader = {
    stored: [],
    removed: [],
    holding: false,
    failNext: false,
    release() {
      const waiting = releases;
      releases = [];
      waiting.forEach((r) => r());
    },
    async upload(name, blob, _type, onProgress, signal) {
      if (fake.failNext) {
        fake.failNext = false;
        throw Object.assign(new Error('Forbidden'), { code: 'storage/unauthorized' });
      }
      onProgress(Math.floor(blob.size / 2), blob.size);
      if (fake.holding) {
        await new Promise<void>((resolve, reject) => {
          releases.push(resolve);
          signal.addEventListener('abort', () => reject(abortError()), { once: true });
        });
      }
      if (signal.aborted) throw abortError();
      onProgress(blob.size, blob.size);
      fake.stored.push(name);
      return fileUrl(name);
    },
    async remove(name) {
      fake.removed.push(name);
    },
  };
  return fake;
}

/** Scales any image as if it were `original` pixels, into small WebP-typed blobs. */
export const fakeScaler =
  (original = { width: 1600, height: 1200 }): Scaler =>
  async () => ({
    original,
    variants: scaledSizes(original).map((s) => ({ ...s, blob: new Blob([new Uint8Array(s.width)], { type: 'image/webp' }) })),
  });

const head = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** A file with the given first bytes, padded to `size`. */
export function fileOf(name: string, type: string, first: Uint8Array, size = 2048): File {
  const bytes = new Uint8Array(size);
  bytes.set(first.slice(0, size));
  return new File([bytes], name, { type });
}

export const PNG_HEAD = head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
export const JPEG_HEAD = head([0xff, 0xd8, 0xff, 0xe0]);
export const PDF_HEAD = head('%PDF-1.7\n');
export const HTML_HEAD = head('<!doctype html><title>x</title>');
