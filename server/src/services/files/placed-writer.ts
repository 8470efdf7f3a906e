import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import type { FilePlacement } from './receive-multipart';

/** Stream buffer for file parts: big writes, few system calls (the parser pauses beyond it). */
export const FILE_PART_BUFFER = 4 * 1024 * 1024;

/**
 * A stream that writes a file part straight into its placement: the pieces the parser hands over
 * are written together (one positioned `writev` per batch), with no intermediate stream, and a
 * part longer than `maxLength` fails with `tooLong()` before anything past the limit is written.
 * `written` tells how many bytes went in.
 */
export class PlacedWriter extends Writable {
  written = 0;
  private handle: FileHandle | undefined;

  constructor(private readonly target: FilePlacement) {
    super({ highWaterMark: FILE_PART_BUFFER });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.target.path, 'r+').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    const buffers = chunks.map(({ chunk }) => chunk);
    const length = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    if (this.written + length > this.target.maxLength) {
      callback(this.target.tooLong());
      return;
    }
    const position = this.target.offset + this.written;
    this.written += length;
    this.writeAll(buffers, position).then(() => callback(), callback);
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this._writev([{ chunk, encoding }], callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) {
      callback(error);
      return;
    }
    handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  /** Writes every byte of `buffers` from `position` (a short write continues where it stopped). */
  private async writeAll(buffers: Buffer[], position: number): Promise<void> {
    const handle = this.handle;
    if (!handle) throw new Error('the file is not open');
    let pending = buffers;
    let at = position;
    while (pending.length > 0) {
      const { bytesWritten } = await handle.writev(pending, at);
      at += bytesWritten;
      let skip = bytesWritten;
      const rest: Buffer[] = [];
      for (const buffer of pending) {
        if (skip >= buffer.length) skip -= buffer.length;
        else {
          rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
          skip = 0;
        }
      }
      pending = rest;
    }
  }
}
