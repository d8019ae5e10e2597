// One upload from the chosen file to the stored address: the file is checked (size, then type by
// its first bytes), an image is made into its web sizes (and keeps its original where a profile
// says so), every part is uploaded under a new name, and the address the record stores is
// answered. A failed or cancelled upload leaves nothing behind (best effort).
import { LOGO_MAX_BYTES } from '../../data/certificate-pdf.ts';
import { newUploadId, objectName, type FileExtension, type ImageVariant } from '../../data/storage-paths.ts';
import {
  DOCUMENT_RULE,
  EXTENSIONS,
  IMAGE_RULE,
  refusal,
  sizeText,
  sniffType,
  SNIFF_BYTES,
  VARIANT_MAX_BYTES,
  type UploadRule,
} from '../../data/upload-limits.ts';
import type { Scaler, Size } from './image-scaling.ts';
import type { Uploader } from './uploader.ts';

export type UploadKind = 'image' | 'logo' | 'document';

interface Profile {
  rule: UploadRule;
  /** Made into web sizes (an image). */
  scaled: boolean;
  /** The original is stored too, and is what the record names (the certificate's PDF embeds PNG/JPEG only). */
  keepsOriginal: boolean;
}

export const PROFILES: Record<UploadKind, Profile> = {
  image: { rule: IMAGE_RULE, scaled: true, keepsOriginal: false },
  // The PDF leaves out a logo over LOGO_MAX_BYTES (the mail document carrying it must stay under 1 MiB).
  logo: {
    rule: { noun: 'the certificate logo', types: ['image/jpeg', 'image/png'], maxBytes: LOGO_MAX_BYTES, typeText: 'a PNG or JPEG image' },
    scaled: true,
    keepsOriginal: true,
  },
  document: { rule: DOCUMENT_RULE, scaled: false, keepsOriginal: false },
};

/** What the `accept` attribute of the file input offers (a hint only: the bytes decide). */
export const acceptOf = (kind: UploadKind) => PROFILES[kind].rule.types.join(',');

export class UploadRefused extends Error {}

/** Why `file` may not be uploaded as `kind`, or null. Reads only its first bytes. */
export async function checkFile(kind: UploadKind, file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return refusal(PROFILES[kind].rule, file.size, head);
}

interface Part {
  name: string;
  blob: Blob;
  contentType: string;
}

export interface UploadResult {
  /** What the record stores: the 960 image's address, the original's (a logo) or the PDF's. */
  url: string;
  /** Every object this upload made. */
  names: string[];
  /** The original's size and the web sizes made, for images. */
  sizes?: { original: Size; variants: Size[] };
}

export interface UploadOptions {
  kind: UploadKind;
  /** The record's folder (storage-paths.ts), ending in '/'. */
  folder: string;
  uploader: Uploader;
  scaler: Scaler;
  onProgress?: (sent: number, total: number) => void;
  /** Says when the image has been scaled, before the bytes go. */
  onScaled?: (sizes: { original: Size; variants: Size[] }) => void;
  signal: AbortSignal;
}

export async function uploadFile(file: Blob, { kind, folder, uploader, scaler, onProgress, onScaled, signal }: UploadOptions): Promise<UploadResult> {
  const profile = PROFILES[kind];
  const refused = await checkFile(kind, file);
  if (refused) throw new UploadRefused(refused);
  const type = sniffType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()))!;
  const id = newUploadId();
  const name = (f: { variant: ImageVariant; ext: FileExtension } | { ext: 'pdf' }) => objectName(folder, id, f);
  const parts: Part[] = [];
  let sizes: UploadResult['sizes'];
  if (profile.scaled) {
    let scaled;
    try {
      scaled = await scaler(file);
    } catch {
      throw new UploadRefused('That image could not be read. Try saving it again as a JPEG or PNG.');
    }
    sizes = { original: scaled.original, variants: scaled.variants.map(({ width, height }) => ({ width, height })) };
    onScaled?.(sizes);
    for (const [i, v] of scaled.variants.entries()) {
      if (v.blob.size > VARIANT_MAX_BYTES)
        throw new UploadRefused(`That image is too detailed: its web size is ${sizeText(v.blob.size)}, over ${sizeText(VARIANT_MAX_BYTES)}.`);
      parts.push({ name: name({ variant: i === 0 ? '320' : '960', ext: 'webp' }), blob: v.blob, contentType: 'image/webp' });
    }
    if (profile.keepsOriginal) parts.push({ name: name({ variant: 'orig', ext: EXTENSIONS[type] as 'jpg' | 'png' }), blob: file, contentType: type });
  } else {
    parts.push({ name: name({ ext: 'pdf' }), blob: file, contentType: type });
  }

  const total = parts.reduce((n, p) => n + p.blob.size, 0);
  const sent = parts.map(() => 0);
  const stored: string[] = [];
  const urls: string[] = [];
  try {
    for (const [i, part] of parts.entries()) {
      urls.push(
        await uploader.upload(
          part.name,
          part.blob,
          part.contentType,
          (n) => {
            sent[i] = n;
            onProgress?.(
              sent.reduce((a, b) => a + b, 0),
              total,
            );
          },
          signal,
        ),
      );
      stored.push(part.name);
    }
  } catch (e) {
    await Promise.allSettled(stored.map((n) => uploader.remove(n)));
    throw e;
  }
  // The last part is what the record names: the original where it is kept, else the 960 image (or the PDF).
  return { url: urls[urls.length - 1], names: stored, sizes };
}
