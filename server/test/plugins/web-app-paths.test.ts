import { describe, expect, it } from 'vitest';
import { cacheControlFor, looksLikeAsset } from '../../src/plugins/web-app-paths';

describe('looksLikeAsset', () => {
  it.each([
    ['assets/index-abc123.js', true],
    ['assets/anything', true],
    ['favicon.ico', true],
    ['logo.SVG', true],
    ['robots.txt', true],
    ['login', false],
    ['dataSource/primary/metadata/tables', false],
    ['dataSource/primary/business/product/3.14', false],
    ['dataSource/primary/business/product/id=1,code=a.b', false],
    ['.env', false],
  ])('%s → %s', (path, expected) => {
    expect(looksLikeAsset(path)).toBe(expected);
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('assets/index-abc.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('favicon.ico')).toBe('no-cache');
  });
});
