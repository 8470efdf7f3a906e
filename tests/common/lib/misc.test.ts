import { describe, expect, it, vi } from 'vitest';
import { handleBootError } from '../../../src/common/lib/boot-error';
import { ChunkLoadError, isChunkLoadError, loadChunk } from '../../../src/common/lib/chunk-load';
import { dataSourceFromPath, resolveDataSource } from '../../../src/common/lib/data-source';
import { shouldRetryQuery } from '../../../packages/client/src/lib/retry-policy';

describe('data source resolution', () => {
  it.each<[string, string | undefined]>([
    ['/crudboard/dataSource/pg/business/orders', 'pg'],
    ['/dataSource/primary', 'primary'],
    ['/dataSource/%E6%8A%A5%E8%A1%A8/metadata/tables', '报表'],
    ['/about', undefined],
    ['/dataSources', undefined],
  ])('%s → %s', (path, expected) => {
    expect(dataSourceFromPath(path)).toBe(expected);
  });

  it('prefers the route, then the remembered one, then primary', () => {
    expect(resolveDataSource('pg', 'mysql')).toBe('pg');
    expect(resolveDataSource(undefined, 'mysql')).toBe('mysql');
    expect(resolveDataSource(undefined, null)).toBe('primary');
  });
});

describe('boot errors (docs/product.md §8)', () => {
  it('logs, and redirects when the error carries a url', () => {
    const log = vi.fn();
    const redirect = vi.fn();
    expect(handleBootError({ url: '/crudboard/login' }, { log, redirect })).toBe(true);
    expect(redirect).toHaveBeenCalledWith('/crudboard/login');
    expect(handleBootError(new Error('boom'), { log, redirect })).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('loadChunk (docs/product.md §8: 120 s chunk timeout)', () => {
  it('passes a loaded chunk through', async () => {
    await expect(loadChunk(async () => 'page')).resolves.toBe('page');
  });

  it('wraps a failed import in a ChunkLoadError', async () => {
    const error = await loadChunk(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toContain('Failed to fetch dynamically imported module');
  });

  it('raises a ChunkLoadError when the chunk does not arrive within the limit', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadChunk(() => new Promise<string>(() => {}));
      const outcome = pending.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(120_000);
      const error = await outcome;
      expect(isChunkLoadError(error)).toBe(true);
      expect((error as Error).name).toBe('ChunkLoadError');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('shouldRetryQuery', () => {
  it.each<[number, unknown, boolean]>([
    [0, { statusCode: 401 }, false],
    [0, { statusCode: 403 }, false],
    [0, { statusCode: 404 }, false],
    [0, { statusCode: 500 }, true],
    [1, { statusCode: 0, message: 'Network Error' }, true],
    [2, { statusCode: 503 }, false],
    [0, new Error('x'), true],
  ])('after %i failures of %j: %s', (count, error, expected) => {
    expect(shouldRetryQuery(count, error)).toBe(expected);
  });
});
