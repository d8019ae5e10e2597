import { useState } from 'react';
import { smallImageUrl } from '../lib/storage-urls.ts';

/**
 * An image staff linked or uploaded (a speaker's photo, a sponsor's logo) in a box of fixed size,
 * so the page never shifts when it arrives: the box is reserved by width and height, the image
 * fits inside it. Lazy, decoded off the main thread; only http(s) addresses are ever requested. An
 * image uploaded here (its 960-pixel WebP) offers its 320-pixel sibling too, which the browser
 * takes for a small box.
 *
 * When the image cannot be shown, its box shows `fallback` (initials, a name) instead, read out as
 * the image's alt text. Before the app's script runs (a prerendered page), a broken image draws
 * the same text through CSS (`.image-fallback` in app.css); once it runs, an error swaps in the box.
 */
export function PublicImage({
  src,
  alt,
  width,
  height,
  fit = 'cover',
  className = '',
  fallback,
}: {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  fit?: 'cover' | 'contain';
  className?: string;
  fallback: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed || !/^https?:\/\//i.test(src))
    return (
      <span role="img" aria-label={alt} style={{ width, height }} className={`image-fallback-box shrink-0 ${className}`}>
        {fallback}
      </span>
    );
  const small = smallImageUrl(src);
  return (
    <img
      src={src}
      srcSet={small ? `${small} 320w, ${src} 960w` : undefined}
      sizes={small ? `${width}px` : undefined}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-fallback={fallback}
      onError={() => setFailed(true)}
      style={{ width, height }}
      className={`image-fallback shrink-0 ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}
