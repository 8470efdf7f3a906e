const ASSET_EXTENSIONS = new Set([
  'js',
  'mjs',
  'cjs',
  'css',
  'map',
  'json',
  'webmanifest',
  'txt',
  'xml',
  'html',
  'wasm',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'ico',
  'webp',
  'avif',
  'bmp',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
]);

/**
 * Whether a path under the web app's base names a file rather than a client route: everything
 * under `assets/`, and names with a static-file extension. A route segment such as a record id
 * `3.14` is not an asset.
 */
export const looksLikeAsset = (path: string): boolean => {
  if (path.startsWith('assets/')) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && ASSET_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
};

/** Hashed build output never changes; everything else is revalidated on every load. */
export const cacheControlFor = (path: string): string =>
  /(^|[/\\])assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
