/**
 * The islands' picture (the same attributes as src/components/Picture.astro, from
 * src/lib/image/picture.ts): AVIF and WebP sources, the fallback img with the ladder's srcset, the
 * layout's sizes, width/height and the placeholder colour; lazy unless `lcp`. Until the island
 * knows the picture (use-pictures.ts) it holds the box empty, so the stored original is never
 * fetched.
 */
import type { ReactNode } from "react";
import type { ImageInfo } from "../../lib/image/ladder.ts";
import { largestSrc, pictureView, type PictureOptions } from "../../lib/image/picture.ts";
import { usePicture } from "./use-pictures.ts";

export interface PictureProps extends PictureOptions {
  src: string;
  alt: string;
  className?: string;
  testId?: string;
  /** What an answer already said of the picture (a chat message's `picture`): not asked about again. */
  info?: ImageInfo | undefined;
}

export function Picture({ src, alt, className, testId, info: given, ...opts }: PictureProps) {
  const info = usePicture(src, given);
  const { sources, img } = pictureView(src, info, opts);
  if (info === undefined)
    return (
      <span
        className={className ? `pic-pending ${className}` : "pic-pending"}
        style={{ width: img.width, height: img.height }}
        aria-hidden="true"
      />
    );
  const el = (
    <img
      src={img.src}
      srcSet={img.srcset}
      sizes={img.sizes}
      alt={alt}
      width={img.width}
      height={img.height}
      loading={img.loading}
      {...(img.fetchpriority ? { fetchpriority: img.fetchpriority } : {})}
      decoding={img.decoding}
      style={info?.color && img.style ? { backgroundColor: info.color } : undefined}
      className={className}
      data-testid={testId}
    />
  );
  if (sources.length === 0) return el;
  return (
    <picture className="pic">
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={img.sizes} />
      ))}
      {el}
    </picture>
  );
}

/** A link to a picture at the largest size it is served in (never the stored upload, once known). */
export function FullSizeLink({
  src,
  info: given,
  children,
}: {
  src: string;
  info?: ImageInfo | undefined;
  children: ReactNode;
}) {
  const info = usePicture(src, given);
  return (
    <a href={largestSrc(src, info)} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
