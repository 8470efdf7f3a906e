import { useDataProvider } from '@refinedev/core';
import { useMemo } from 'react';
import {
  bigUploadStatusCall,
  fileChunkCall,
  runCustom,
  type BigUploadStatus,
  type ChunkAnswer,
} from '../../providers/custom-calls';
import type { BigUploadDeps } from '../lib/big-upload';
import { hashFileInWorker } from '../workers/hash-file';

/**
 * What a chunked upload needs from the app: the md5 worker, and the resume-state and chunk calls
 * through the data provider's `custom` method (a chunk's AbortSignal cancels its request).
 */
export const useBigUploadDeps = (): BigUploadDeps => {
  const { custom } = useDataProvider()();
  return useMemo<BigUploadDeps>(
    () => ({
      hash: hashFileInWorker,
      status: (md5) => runCustom<BigUploadStatus>(custom, bigUploadStatusCall(md5)),
      sendChunk: (request, onProgress, signal) =>
        runCustom<ChunkAnswer>(custom, fileChunkCall(request, onProgress, signal)),
    }),
    [custom],
  );
};
