// Images are made into their web sizes in the browser before upload: WebP, 320 and 960 pixels wide
// (never wider than the original), the aspect ratio kept. `scaledSizes` is the arithmetic;
// `browserScaler` draws with createImageBitmap and OffscreenCanvas (or a canvas). jsdom has
// neither, so the upload control takes a Scaler and component tests give it a fake one; the real
// one is exercised in the browser (e2e imports it from here).

export const WEB_WIDTHS = [320, 960] as const;
export const WEBP_QUALITY = 0.82;

export interface Size {
  width: number;
  height: number;
}

/** The size of each web width for an image of `original` size: never upscaled, ratio kept (at least 1 px). */
export function scaledSizes(original: Size, widths: readonly number[] = WEB_WIDTHS): Size[] {
  if (!(original.width > 0 && original.height > 0)) throw new Error('An image has a size.');
  return widths.map((w) => {
    const width = Math.min(w, original.width);
    return { width, height: Math.max(1, Math.round((original.height * width) / original.width)) };
  });
}

export interface ScaledImage extends Size {
  blob: Blob;
}

export interface Scaled {
  original: Size;
  /** One per WEB_WIDTHS, in that order. */
  variants: ScaledImage[];
}

/** Makes the web sizes of an image file. */
export type Scaler = (file: Blob) => Promise<Scaled>;

async function drawn(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), 'image/webp', WEBP_QUALITY),
  );
}

/** The browser's scaler. Throws when the file cannot be decoded as an image. */
export const browserScaler: Scaler = async (file) => {
  const bitmap = await createImageBitmap(file);
  try {
    const original = { width: bitmap.width, height: bitmap.height };
    const sizes = scaledSizes(original);
    const variants: ScaledImage[] = [];
    for (const size of sizes) {
      const blob = await drawn(bitmap, size);
      // A browser without WebP encoding gives PNG instead: stored under .webp it would lie.
      if (blob.type !== 'image/webp') throw new Error('This browser cannot make WebP images.');
      variants.push({ ...size, blob });
    }
    return { original, variants };
  } finally {
    bitmap.close();
  }
};
