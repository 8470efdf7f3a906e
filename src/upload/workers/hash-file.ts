import type { Md5Reply, Md5Request } from './md5-messages';

/** The md5 of `file`, computed in a Web Worker so the page stays responsive; `signal` stops it. */
export const hashFileInWorker = (
  file: Blob,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<string> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const abort = () => {
      worker.terminate();
      reject(new DOMException('the md5 was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', abort);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.bytes);
      else if (reply.type === 'done') {
        finish();
        resolve(reply.md5);
      } else {
        finish();
        reject(new Error(`md5 failed: ${reply.message}`));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`md5 worker failed: ${event.message}`));
    };
    worker.postMessage({ file } satisfies Md5Request);
  });
