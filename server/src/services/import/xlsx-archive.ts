import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';
import { formatBytes } from '../files/file-names';

/** What an uploaded workbook may unpack to before it is read. */
export interface ArchiveLimits {
  /** Most bytes all entries together may unpack to. */
  maxUncompressed: number;
  /** Highest unpacked / packed ratio of an entry larger than `ratioFloor` bytes. */
  maxRatio: number;
  ratioFloor: number;
  maxEntries: number;
  /** Most bytes `xl/sharedStrings.xml` may unpack to (a 413). */
  maxSharedStrings: number;
  /** Most bytes a worksheet's XML may unpack to (a 413). */
  maxSheet: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxUncompressed: 1024 * 1024 * 1024,
  maxRatio: 250,
  ratioFloor: 1024 * 1024,
  maxEntries: 10_000,
  maxSharedStrings: 64 * 1024 * 1024,
  maxSheet: 256 * 1024 * 1024,
};

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** 413 for a part that unpacks past its limit: the shared strings, or a worksheet. */
export const partTooBig = (part: 'sharedStrings' | 'sheet', limit: number): ApiException =>
  new ApiException(
    'PAYLOAD_TOO_LARGE',
    importMessage(part === 'sharedStrings' ? 'sharedStringsTooBig' : 'sheetTooBig', {
      limit: formatBytes(limit),
    }),
  );

/** One entry of the zip's central directory. */
export interface ArchiveEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the entry's central directory record sits in the directory. */
  record: { start: number; end: number };
}

/** A checked workbook: its entries, with where each sits in the file (local header to end of data). */
export interface CheckedArchive {
  entries: (ArchiveEntry & { end: number })[];
  directory: Buffer;
  directoryOffset: number;
  size: number;
}

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Every .xlsx has these (ECMA-376 part 2). */
const REQUIRED = ['[Content_Types].xml', 'xl/workbook.xml'];

const bad = (message: Localized) => new ApiException('VALIDATION_ERROR', message, { file: message });
const corrupt = (reason: string) => bad(importMessage('corrupt', { reason }));

const readAt = async (file: FileHandle, position: number, length: number): Promise<Buffer> => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw corrupt('unexpected end of file');
  return buffer;
};

/** The end-of-central-directory record: where the directory is and how many entries it lists. */
const findDirectory = async (file: FileHandle, size: number) => {
  const tailLength = Math.min(size, END_SIZE + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength);
  for (let at = tailLength - END_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    // ZIP64 markers: a workbook that needs them is far beyond any import limit.
    if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      throw bad(importMessage('tooBig', { limit: formatBytes(ARCHIVE_LIMITS.maxUncompressed) }));
    }
    const end = size - tailLength + at;
    if (directoryOffset + directorySize !== end) throw corrupt('central directory out of place');
    return { entries, directorySize, directoryOffset };
  }
  throw corrupt('no central directory');
};

const parseDirectory = (directory: Buffer, count: number): ArchiveEntry[] => {
  const entries: ArchiveEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw corrupt('bad central directory entry');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    entries.push({
      record: { start: at, end },
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at = end;
  }
  if (at !== directory.length) throw corrupt('bad central directory');
  return entries;
};

/** Checks the declared sizes against the limits before anything is unpacked. */
const checkDeclared = (entries: readonly ArchiveEntry[], limits: ArchiveLimits): void => {
  const tooBig = () => bad(importMessage('tooBig', { limit: formatBytes(limits.maxUncompressed) }));
  if (entries.length > limits.maxEntries) throw corrupt('too many entries');
  let total = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooBig();
    if (entry.method !== 0 && entry.method !== 8) throw corrupt(`unsupported compression ${entry.method}`);
    if (entry.flags & 1) throw corrupt('encrypted entry');
    total += entry.size;
    if (total > limits.maxUncompressed) throw tooBig();
    if (entry.name === 'xl/sharedStrings.xml' && entry.size > limits.maxSharedStrings) {
      throw partTooBig('sharedStrings', limits.maxSharedStrings);
    }
    if (WORKSHEET.test(entry.name) && entry.size > limits.maxSheet)
      throw partTooBig('sheet', limits.maxSheet);
    if (entry.size > limits.ratioFloor) {
      const ratio = entry.size / Math.max(1, entry.compressedSize);
      if (ratio > limits.maxRatio) throw bad(importMessage('zipBomb', { ratio: Math.round(ratio) }));
    }
  }
  const names = new Set(entries.map((entry) => entry.name));
  if (names.size !== entries.length) throw corrupt('repeated entry');
  if (!REQUIRED.every((name) => names.has(name))) throw bad(importMessage('notXlsx'));
};

/** Counts the bytes an entry really unpacks to, stopping as soon as it passes the declared size. */
const unpackedSize = async (path: string, start: number, entry: ArchiveEntry): Promise<void> => {
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw corrupt(`${entry.name} is empty`);
    return;
  }
  const source = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  let count = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      callback(count > entry.size ? corrupt(`${entry.name} is larger than declared`) : null);
    },
  });
  try {
    if (entry.method === 0) await pipeline(source, counter);
    else await pipeline(source, createInflateRaw(), counter);
  } catch (error) {
    if (error instanceof ApiException) throw error;
    throw corrupt(`${entry.name} cannot be unpacked`);
  }
  if (count !== entry.size) throw corrupt(`${entry.name} is not the declared size`);
};

/** The length of an entry's data descriptor (after its data), if the entry has one. */
const descriptorLength = async (file: FileHandle, at: number, entry: ArchiveEntry): Promise<number> => {
  if (!(entry.flags & 8)) return 0;
  const head = await readAt(file, at, 4);
  return head.readUInt32LE(0) === DESCRIPTOR_SIGNATURE ? 16 : 12;
};

/**
 * Checks that an uploaded file is a well-formed .xlsx that is safe to read, before any
 * spreadsheet parser sees it: the zip signature, a consistent central directory, entries that
 * tile the file, declared sizes and compression ratios within `limits`, and every entry really
 * unpacking to its declared size (so a lying header cannot smuggle a bomb past the check).
 * Anything else is a 400 naming the problem.
 */
export const checkXlsxArchive = async (
  path: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<CheckedArchive> => {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size < 4) throw bad(importMessage('notXlsx'));
    const magic = await readAt(file, 0, 4);
    if (magic.readUInt32LE(0) !== LOCAL_SIGNATURE) throw bad(importMessage('notXlsx'));
    if (size < END_SIZE) throw corrupt('unexpected end of file');
    const { entries: count, directorySize, directoryOffset } = await findDirectory(file, size);
    if (count > limits.maxEntries) throw corrupt('too many entries');
    const directory = await readAt(file, directoryOffset, directorySize);
    const entries = parseDirectory(directory, count);
    checkDeclared(entries, limits);

    let expected = 0;
    const placed: CheckedArchive['entries'] = [];
    for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
      if (entry.localOffset !== expected) throw corrupt('entries do not follow each other');
      const header = await readAt(file, entry.localOffset, 30);
      if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw corrupt('bad local header');
      const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const dataEnd = dataStart + entry.compressedSize;
      if (dataEnd > directoryOffset) throw corrupt('entry runs past the directory');
      await unpackedSize(path, dataStart, entry);
      expected = dataEnd + (await descriptorLength(file, dataEnd, entry));
      placed.push({ ...entry, end: expected });
    }
    if (expected !== directoryOffset) throw corrupt('unexpected data before the directory');
    return { entries: placed, directory, directoryOffset, size };
  } finally {
    await file.close();
  }
};

/** Parts a streaming reader must have seen before any worksheet, in this order. */
const FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
];
const rank = (name: string): number => {
  const index = FIRST.indexOf(name);
  if (index >= 0) return index;
  return WORKSHEET.test(name) ? FIRST.length + 1 : FIRST.length;
};

/**
 * Whether the workbook's parts come in an order a streaming reader can follow: the workbook, its
 * relationships, styles and shared strings before the worksheets. Spreadsheet programs write
 * them in any order (the zip's directory makes order irrelevant to them).
 */
export const isStreamable = (archive: CheckedArchive): boolean =>
  archive.entries.every((entry, i, all) => i === 0 || rank(all[i - 1]?.name ?? '') <= rank(entry.name));

/**
 * Writes the checked workbook to `target` with its parts in streamable order: each entry's bytes
 * copied as they are (nothing unpacked or packed again), the directory's offsets rewritten.
 */
export const writeStreamable = async (
  path: string,
  archive: CheckedArchive,
  target: string,
): Promise<void> => {
  const ordered = [...archive.entries].sort((a, b) => rank(a.name) - rank(b.name));
  const source = await open(path, 'r');
  const out = await open(target, 'wx');
  try {
    let offset = 0;
    const records: Buffer[] = [];
    for (const entry of ordered) {
      const length = entry.end - entry.localOffset;
      for (let done = 0; done < length;) {
        const piece = await readAt(source, entry.localOffset + done, Math.min(length - done, 1024 * 1024));
        await out.write(piece, 0, piece.length, offset + done);
        done += piece.length;
      }
      const record = Buffer.from(archive.directory.subarray(entry.record.start, entry.record.end));
      record.writeUInt32LE(offset, 42);
      records.push(record);
      offset += length;
    }
    const directory = Buffer.concat(records);
    await out.write(directory, 0, directory.length, offset);
    const tail = await readAt(
      source,
      archive.directoryOffset + archive.directory.length,
      archive.size - archive.directoryOffset - archive.directory.length,
    );
    await out.write(tail, 0, tail.length, offset + directory.length);
  } finally {
    await source.close();
    await out.close();
  }
};
