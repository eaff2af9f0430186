import { type ImgHTMLAttributes, type ReactNode, useState } from 'react';
import { mediaFileUrl } from './media-src.ts';

export interface MediaImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The file's API address (a variant or a portrait). */
  path: string;
  /** Shown instead when the file cannot be loaded (or the server refuses it). */
  fallback?: ReactNode;
}

/** An image of a media file, at the address this tab may load it from (see `mediaFileUrl`). */
export function MediaImage({ path, fallback = null, alt = '', ...imageProps }: MediaImageProps) {
  const src = mediaFileUrl(path);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <>{fallback}</>;
  return <img {...imageProps} src={src} alt={alt} onError={() => setFailedSrc(src)} />;
}
