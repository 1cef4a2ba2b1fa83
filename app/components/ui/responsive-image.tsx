import type { ComponentProps } from 'react';
import { type ResponsiveImageSource, srcSetFor } from '#app/lib/responsive-image.ts';

type ImgProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height'>;

/**
 * An <img> that lets the browser pick the right WebP variant. `sizes` says how
 * wide the image is drawn (e.g. "(min-width: 1024px) 50vw, 100vw"); without
 * it the browser assumes the full viewport width. Width and height reserve
 * the space, so nothing jumps while the image loads.
 */
export function ResponsiveImage({ image, src, sizes = '100vw', alt, loading = 'lazy', decoding = 'async', ...rest }: ImgProps & { image: ResponsiveImageSource | null; src?: string }) {
  const url = image?.url ?? src ?? '';
  const srcSet = image ? srcSetFor(image.url, image.variants, image.width) : '';
  return (
    <img
      {...rest}
      src={url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image?.width ?? undefined}
      height={image?.height ?? undefined}
      alt={alt ?? image?.alt ?? ''}
      loading={loading}
      decoding={decoding}
    />
  );
}
