import { lazy, Suspense, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS, loadChunk } from '../lib/chunk-load';
import { PageSpin } from './PageSpin';

/**
 * A route page loaded on demand. A chunk that fails or takes longer than 120 s rejects with a
 * ChunkLoadError, which the surrounding <ChunkErrorBoundary> turns into a retry screen.
 */
export const lazyPage = <P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): ComponentType<P> => {
  const Page = lazy(() => loadChunk(load, timeoutMs).then((component) => ({ default: component })));
  const LazyPage = (props: P) => (
    <Suspense fallback={<PageSpin />}>
      <Page {...props} />
    </Suspense>
  );
  return LazyPage;
};
