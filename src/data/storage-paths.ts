// The names of the files staff upload, the one definition (storage.rules and the emulator match
// it): content/{collection}/{recordId}/{uploadId}-{variant}.{ext} for a record's files, and
// settings/cpd/{uploadId}-{variant}.{ext} for the certificate's logo,
// settings/abstract-book/{uploadId}.pdf for the abstract book's PDF. A document (PDF) has no
// variant: {uploadId}.pdf. Names are never reused: a replaced file gets a new uploadId.

export const UPLOAD_COLLECTIONS = ['speakers', 'sponsors', 'publications', 'resources', 'tenders', 'jobs'] as const;
export type UploadCollection = (typeof UPLOAD_COLLECTIONS)[number];

/** The web sizes every image is stored in, and the original (kept where a PNG/JPEG is needed). */
export type ImageVariant = '320' | '960' | 'orig';
export type FileExtension = 'webp' | 'jpg' | 'png' | 'pdf';

export const CPD_LOGO_FOLDER = 'settings/cpd/';
/** The abstract book's PDFs (settings/abstractBook names the current one); administrators write them. */
export const ABSTRACT_BOOK_FOLDER = 'settings/abstract-book/';

/** The folder of one record's files ("content/speakers/abc/"). */
export function contentFolder(collection: UploadCollection, recordId: string): string {
  if (!UPLOAD_COLLECTIONS.includes(collection)) throw new Error(`No uploads for ${collection}.`);
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(recordId)) throw new Error(`Not a record id: ${recordId}`);
  return `content/${collection}/${recordId}/`;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const UPLOAD_ID_LENGTH = 20;

/** 20 random characters from [a-z0-9] (crypto.getRandomValues; rejection keeps them uniform). */
export function newUploadId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let id = '';
  while (id.length < UPLOAD_ID_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < 252 && id.length < UPLOAD_ID_LENGTH) id += ALPHABET[byte % 36];
    }
  }
  return id;
}

/** An object's name in `folder`: {uploadId}-{variant}.{ext}, or {uploadId}.pdf for a document. */
export function objectName(folder: string, uploadId: string, file: { variant: ImageVariant; ext: FileExtension } | { ext: 'pdf' }): string {
  if (!new RegExp(`^[a-z0-9]{${UPLOAD_ID_LENGTH}}$`).test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
  return 'variant' in file ? `${folder}${uploadId}-${file.variant}.${file.ext}` : `${folder}${uploadId}.${file.ext}`;
}

const NAME = new RegExp(`^(.*/)([a-z0-9]{${UPLOAD_ID_LENGTH}})(?:-(320|960|orig))?\\.(webp|jpg|png|pdf)$`);

/**
 * Every object one upload made, from the name of the one a record stores: the 960 image names its
 * 320 sibling, the original its two web sizes, a PDF only itself. [] for a name not made here.
 */
export function uploadObjects(name: string): string[] {
  const m = NAME.exec(name);
  if (!m) return [];
  const [, folder, id, variant, ext] = m;
  if (ext === 'pdf') return variant ? [] : [name];
  if (variant === '960' && ext === 'webp') return [`${folder}${id}-320.webp`, name];
  if (variant === 'orig' && ext !== 'webp') return [name, `${folder}${id}-320.webp`, `${folder}${id}-960.webp`];
  return [];
}
