// What staff may upload, the one definition (storage.rules, written against it, must match):
// images JPEG, PNG or WebP of at most 10 MiB before scaling, each stored variant at most 10 MiB;
// documents PDF of at most 20 MiB. A file's type is read from its first bytes, not its name or
// what the browser says it is.

export const MiB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * MiB;
export const VARIANT_MAX_BYTES = 10 * MiB;
export const DOCUMENT_MAX_BYTES = 20 * MiB;
/**
 * The abstract book's PDF, which the back office builds rather than someone choosing a file:
 * 300 abstracts at the call's default word limits measure 1.4 MB (`npm run bench -- --only
 * abstract-book`), about 4.7 KB each; 1,000 abstracts (the most a list reads,
 * PUBLISHED_LIMIT) at the largest total a call may set (2,000 words, about five times the
 * default) would be about 22 MB. 32 MiB keeps that possible and a runaway file out.
 */
export const ABSTRACT_BOOK_MAX_BYTES = 32 * MiB;

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
export const IMAGE_TYPES: readonly SniffedType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const DOCUMENT_TYPES: readonly SniffedType[] = ['application/pdf'];
/** The first bytes sniffType needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, sig: ReadonlyArray<number | null>, at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => b === null || bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type a file's first bytes show (magic numbers), or null for anything else. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const EXTENSIONS: Record<SniffedType, 'jpg' | 'png' | 'webp' | 'pdf'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** "12.4 MB", "300 KB": a size as people read it (1 MB = 1 MiB, as the limits are set). */
export function sizeText(bytes: number): string {
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface UploadRule {
  /** How the limit's message names the files: "images", "documents", "the certificate logo". */
  noun: string;
  types: readonly SniffedType[];
  maxBytes: number;
  /** "That file is not …": "a JPEG, PNG or WebP image". */
  typeText: string;
}

export const IMAGE_RULE: UploadRule = { noun: 'images', types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, typeText: 'a JPEG, PNG or WebP image' };
export const DOCUMENT_RULE: UploadRule = { noun: 'documents', types: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES, typeText: 'a PDF document' };

/** Why a file is refused (its size, then its type), or null when it may be uploaded. */
export function refusal(rule: UploadRule, size: number, firstBytes: Uint8Array): string | null {
  if (size === 0) return 'That file is empty.';
  if (size > rule.maxBytes) return `That file is ${sizeText(size)}; the limit for ${rule.noun} is ${sizeText(rule.maxBytes)}.`;
  const type = sniffType(firstBytes);
  if (!type || !rule.types.includes(type)) return `That file is not ${rule.typeText}.`;
  return null;
}
