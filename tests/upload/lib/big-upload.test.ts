import {
  UploadCancelledError,
  uploadBigFile,
  type BigUploadDeps,
  type ChunkRequest,
} from '../../../src/upload/lib/big-upload';

const MD5 = '0123456789abcdef0123456789abcdef';

/** Deps that answer only what a test expects and throw on anything else. */
const fakeDeps = (options: {
  received?: number[];
  finishedAt?: number;
  failChunk?: number;
  statusFinished?: string;
}) => {
  const sent: ChunkRequest[] = [];
  const statusCalls: string[] = [];
  const deps: BigUploadDeps = {
    hash: async (file, onProgress) => {
      onProgress(file.size);
      return MD5;
    },
    status: async (md5) => {
      if (md5 !== MD5) throw new Error(`unexpected status of ${md5}`);
      statusCalls.push(md5);
      if (options.statusFinished) return { received: [], isFinished: true, url: options.statusFinished };
      return { received: options.received ?? [], isFinished: false };
    },
    sendChunk: async (request, onProgress) => {
      if (request.md5 !== MD5) throw new Error('unexpected md5');
      if (options.statusFinished) throw new Error('no chunk expected');
      sent.push(request);
      onProgress(request.file.size);
      if (request.chunk === options.failChunk) throw new Error(`chunk ${request.chunk} refused`);
      const isFinished = request.chunk === options.finishedAt;
      return isFinished ? { isFinished, url: '/download/big.bin' } : { isFinished };
    },
  };
  return { deps, sent, statusCalls };
};

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });

const file = new Blob([new Uint8Array(25).map((_, i) => i)]);

describe('uploadBigFile', () => {
  it('hashes, then sends every chunk with the API fields and resolves with the finished url', async () => {
    const { deps, sent } = fakeDeps({ finishedAt: 1 });
    const phases: string[] = [];
    const progress: [number, number][] = [];
    const url = await uploadBigFile(file, 'big.bin', deps, {
      chunkSize: 10,
      parallel: 1,
      onPhase: (p) => {
        phases.push(p);
        progress.splice(0);
      },
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(url).toBe('/download/big.bin');
    expect(phases).toEqual(['preparing', 'uploading']);
    expect(sent.map((r) => [r.chunk, r.chunks, r.size, r.name, r.file.size])).toEqual([
      [0, 3, 25, 'big.bin', 10],
      [1, 3, 25, 'big.bin', 10],
      [2, 3, 25, 'big.bin', 5],
    ]);
    expect(await bytesOf(sent[2]!.file)).toEqual(new Uint8Array([20, 21, 22, 23, 24]));
    expect(progress.at(-1)).toEqual([25, 25]);
    // The upload bar only moves forward.
    expect(progress.every(([done], i) => i === 0 || done >= progress[i - 1]![0])).toBe(true);
  });

  it('resumes: skips the chunks the server holds and starts the bar from them', async () => {
    const { deps, sent } = fakeDeps({ received: [0, 2], finishedAt: 1 });
    const progress: number[] = [];
    const url = await uploadBigFile(file, 'big.bin', deps, {
      chunkSize: 10,
      onPhase: () => progress.splice(0),
      onProgress: (done) => progress.push(done),
    });
    expect(url).toBe('/download/big.bin');
    expect(sent.map((r) => r.chunk)).toEqual([1]);
    expect(progress[0]).toBe(15);
  });

  it('finishes at once when the server already has the file', async () => {
    const { deps, sent } = fakeDeps({ statusFinished: '/download/known.bin' });
    expect(await uploadBigFile(file, 'big.bin', deps, { chunkSize: 10 })).toBe('/download/known.bin');
    expect(sent).toEqual([]);
  });

  it('rejects when a chunk fails', async () => {
    const { deps } = fakeDeps({ failChunk: 1, finishedAt: 2 });
    await expect(uploadBigFile(file, 'big.bin', deps, { chunkSize: 10, parallel: 1 })).rejects.toThrow(
      'chunk 1 refused',
    );
  });

  it('rejects when no answer reports the file finished', async () => {
    const { deps, statusCalls } = fakeDeps({});
    await expect(uploadBigFile(file, 'big.bin', deps, { chunkSize: 10 })).rejects.toThrow(/not report/);
    expect(statusCalls).toHaveLength(2);
  });
});

describe('uploadBigFile cancelled', () => {
  it('aborts the chunks in flight, starts no other and rejects as cancelled', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    const deps: BigUploadDeps = {
      hash: async () => MD5,
      status: async () => ({ received: [], isFinished: false }),
      sendChunk: (request, _onProgress, signal) => {
        started.push(request.chunk);
        signals.push(signal);
        if (request.chunk === 1) controller.abort();
        return new Promise((_resolve, reject) => {
          if (signal?.aborted) reject(new Error('canceled'));
          signal?.addEventListener('abort', () => reject(new Error('canceled')));
        });
      },
    };
    await expect(
      uploadBigFile(file, 'big.bin', deps, { chunkSize: 5, parallel: 2, signal: controller.signal }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    expect(started).toEqual([0, 1]);
    expect(signals.every((signal) => signal === controller.signal)).toBe(true);
  });

  it('stops after the md5 when cancelled while preparing', async () => {
    const controller = new AbortController();
    const deps: BigUploadDeps = {
      hash: async (_file, _onProgress, signal) => {
        expect(signal).toBe(controller.signal);
        controller.abort();
        return MD5;
      },
      status: async () => {
        throw new Error('no status expected');
      },
      sendChunk: async () => {
        throw new Error('no chunk expected');
      },
    };
    await expect(uploadBigFile(file, 'big.bin', deps, { signal: controller.signal })).rejects.toBeInstanceOf(
      UploadCancelledError,
    );
  });
});
