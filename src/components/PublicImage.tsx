import { useState, type ReactNode } from 'react';

/**
 * An image staff linked (a speaker's photo, a sponsor's logo) in a box of fixed size, so the page
 * never shifts when it arrives: the box is reserved by width and height, the image fits inside it.
 * Lazy, decoded off the main thread; an address that fails to load shows `fallback` instead, and
 * only http(s) addresses are ever requested.
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
  return (
    <img
      src={src}
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
