import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../../errors/api-exception';
import { fileMessage } from '../../i18n/file-messages';
import type { Localized } from '../../i18n/messages';
import { FILE_PART_BUFFER, PlacedWriter } from './placed-writer';

/** The file part of a multipart request, written to a temporary file while hashed. */
export interface ReceivedFile {
  /** Temporary path under the incoming directory (the caller moves or deletes it), or the file it was placed in. */
  path: string;
  /** Set when the bytes were written straight into `placement` instead of a temporary file. */
  placement?: FilePlacement;
  /** The file name the client sent (not cleaned). */
  filename: string;
  size: number;
  /** md5 of the part; empty when it was placed (not hashed). */
  md5: string;
}

/** Where to write a file part in place: `path` (existing) from `offset`, at most `maxLength` bytes. */
export interface FilePlacement {
  path: string;
  offset: number;
  maxLength: number;
  /** Thrown when the part is longer than `maxLength`; nothing past it is written. */
  tooLong: () => Error;
  /** Runs when the part was not received whole (the caller releases what it reserved). */
  abandon: () => void;
}

export interface Received {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

export interface ReceiveOptions {
  incomingDir: string;
  /** Largest file part in bytes; over it → 413 with `tooLarge`. */
  maxFileSize: number;
  tooLarge: Localized;
  /** Fields that are read; others are ignored. */
  fields: readonly string[];
  /** Runs when the file part starts, with the fields sent before it: throw to refuse before storing. */
  beforeFile?: (fields: Record<string, string>) => void | Promise<void>;
  /** Runs after `beforeFile`: a placement writes the part straight into place (no temporary file, no md5). */
  placeFile?: (fields: Record<string, string>) => Promise<FilePlacement | undefined>;
}

/** Per-request multipart limits (the file size is set by each route). */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 16,
  parts: 20,
  fieldNameSize: 100,
  fieldSize: 4096,
  headerPairs: 20,
} as const;

const invalid = (field: string, message: Localized) =>
  new ApiException('VALIDATION_ERROR', message, { [field]: message });

const isSystemError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'syscall' in error;

/** Maps what the multipart parser throws to the API error contract (never a 500 for bad input). */
const toApiError = (error: unknown, tooLarge: Localized): unknown => {
  if (error instanceof ApiException || isSystemError(error)) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiException('PAYLOAD_TOO_LARGE', tooLarge);
    case 'FST_FILES_LIMIT':
      return invalid('file', fileMessage('oneFile'));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiException('PAYLOAD_TOO_LARGE', fileMessage('tooManyParts'));
    default:
      return invalid('body', fileMessage('malformed'));
  }
};

/**
 * Reads a multipart request: text fields into a record and the single `file` part streamed to a
 * temporary file (never buffered whole) with its size and md5. Bad or oversized input is a
 * 400 / 413 and leaves no temporary file behind.
 */
export const receiveMultipart = async (
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<Received> => {
  if (!request.isMultipart()) throw invalid('body', fileMessage('notMultipart'));
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let tempPath: string | undefined;
  let placement: FilePlacement | undefined;
  try {
    const parts = request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: options.maxFileSize } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!options.fields.includes(part.fieldname)) continue;
        if (part.fieldname in fields) throw invalid(part.fieldname, fileMessage('repeatedField'));
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw invalid(part.fieldname, fileMessage('fieldTooLong'));
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid(part.fieldname, fileMessage('unknownField'));
      }
      if (options.beforeFile) {
        try {
          await options.beforeFile({ ...fields });
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      // The parser destroys the stream of a part cut short by the end of the body.
      if (part.file.destroyed) throw invalid('body', fileMessage('malformed'));
      if (options.placeFile) {
        try {
          placement = await options.placeFile({ ...fields });
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      if (placement) {
        const writer = new PlacedWriter(placement);
        await pipeline(part.file, writer);
        if (part.file.truncated) throw new ApiException('PAYLOAD_TOO_LARGE', options.tooLarge);
        file = {
          path: placement.path,
          placement,
          filename: part.filename,
          size: writer.written,
          md5: '',
        };
        continue;
      }
      tempPath = join(options.incomingDir, `${randomBytes(16).toString('hex')}.part`);
      const hash = createHash('md5');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(
        part.file,
        measure,
        createWriteStream(tempPath, { flags: 'wx', highWaterMark: FILE_PART_BUFFER }),
      );
      if (part.file.truncated) throw new ApiException('PAYLOAD_TOO_LARGE', options.tooLarge);
      file = { path: tempPath, filename: part.filename, size, md5: hash.digest('hex') };
    }
    return file ? { fields, file } : { fields };
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    placement?.abandon();
    throw toApiError(error, options.tooLarge);
  }
};
