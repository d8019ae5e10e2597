// An image's intrinsic size, read by loading it once in the browser. The editor stores it with the
// image so that the public page can reserve the image's box before it downloads (no layout shift).

export interface ImageSize {
  width: number;
  height: number;
}

/** Resolves to the image's natural size, or null when it cannot be loaded (or not in time). */
export function naturalSize(src: string, timeoutMs = 15_000): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(size: ImageSize | null) {
      clearTimeout(timer);
      image.onload = image.onerror = null;
      resolve(size);
    }
    image.onload = () => finish(image.naturalWidth > 0 && image.naturalHeight > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => finish(null);
    image.src = src;
  });
}
