import type { UploadConfig } from '../../config';
import { ApiException } from '../../errors/api-exception';
import { fileMessage } from '../../i18n/file-messages';
import { FIELD_MESSAGES, type Localized } from '../../i18n/messages';
import { cleanOriginalName, formatBytes, MD5 } from './file-names';

/** The text fields of one `POST /api/file/big` request, checked. */
export interface ChunkFields {
  /** Original file name, cleaned. */
  name: string;
  /** md5 of the whole file, lowercase hex. */
  md5: string;
  /** Size of the whole file in bytes. */
  size: number;
  chunks: number;
  /** 0-based index of this chunk. */
  chunk: number;
}

export const CHUNK_FIELDS = ['name', 'md5', 'size', 'chunks', 'chunk'] as const;

type Limits = Pick<UploadConfig, 'maxBigFileSize' | 'maxChunkSize' | 'maxChunks'>;

const DIGITS = /^(0|[1-9][0-9]{0,15})$/;

const integerOf = (text: string | undefined): number | undefined => {
  const trimmed = text?.trim() ?? '';
  if (!DIGITS.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
};

/**
 * Checks the fields of a chunk request (docs/api.md §4): a 32-hex md5 (never used as a path before
 * this), a name, integer size / chunks / chunk in range, and enough chunks for the chunk size
 * limit. Throws 413 when the file is over the big-file limit, else 400 listing every bad field.
 */
export const parseChunkFields = (raw: Record<string, string | undefined>, limits: Limits): ChunkFields => {
  const errors: Record<string, Localized> = {};
  const md5 = raw.md5?.trim().toLowerCase() ?? '';
  if (raw.md5 === undefined) errors.md5 = FIELD_MESSAGES.required;
  else if (!MD5.test(md5)) errors.md5 = fileMessage('md5Format');

  if (raw.name === undefined || raw.name.trim() === '') errors.name = FIELD_MESSAGES.required;

  const size = integerOf(raw.size);
  if (raw.size === undefined) errors.size = FIELD_MESSAGES.required;
  else if (size === undefined) {
    errors.size = fileMessage('integerRange', { min: 0, max: limits.maxBigFileSize });
  } else if (size > limits.maxBigFileSize) {
    throw new ApiException(
      'PAYLOAD_TOO_LARGE',
      fileMessage('bigFileTooLarge', { limit: formatBytes(limits.maxBigFileSize) }),
    );
  }

  const chunks = integerOf(raw.chunks);
  const maxChunks = Math.min(limits.maxChunks, Math.max(1, size ?? limits.maxChunks));
  if (raw.chunks === undefined) errors.chunks = FIELD_MESSAGES.required;
  else if (chunks === undefined || chunks < 1 || chunks > maxChunks) {
    errors.chunks = fileMessage('integerRange', { min: 1, max: maxChunks });
  } else if (size !== undefined && chunks < Math.ceil(size / limits.maxChunkSize)) {
    errors.chunks = fileMessage('tooFewChunks', {
      min: Math.ceil(size / limits.maxChunkSize),
      limit: formatBytes(limits.maxChunkSize),
    });
  }

  const chunk = integerOf(raw.chunk);
  if (raw.chunk === undefined) errors.chunk = FIELD_MESSAGES.required;
  else if (chunk === undefined || (errors.chunks === undefined && chunks !== undefined && chunk >= chunks)) {
    errors.chunk = fileMessage('chunkIndex', { max: Math.max(0, (chunks ?? 1) - 1) });
  }

  if (Object.keys(errors).length > 0 || size === undefined || chunks === undefined || chunk === undefined) {
    throw new ApiException('VALIDATION_ERROR', undefined, errors);
  }
  return { name: cleanOriginalName(raw.name), md5, size, chunks, chunk };
};
