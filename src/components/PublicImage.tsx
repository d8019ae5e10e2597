import { useState, type ReactNode } from 'react';
import { smallImageUrl } from '../lib/storage-urls.ts';

/**
 * An image staff linked (a speaker's photo, a sponsor's logo) in a box of fixed size, so the page
 * never shifts when it arrives: the box is reserved by width and height, the image fits inside it.
 * Lazy, decoded off the main thread; an address that fails to load shows `fallback` instead, and
 * only http(s) addresses are ever requested. An image uploaded here (its 960-pixel WebP) offers
 * its 320-pixel sibling too, which the browser takes for a small box.
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
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed || !/^https?:\/\//i.test(src)) return <>{fallback}</>;
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
      onError={() => setFailed(true)}
      style={{ width, height }}
      className={`shrink-0 ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}
