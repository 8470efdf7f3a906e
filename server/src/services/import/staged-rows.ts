import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Localized } from '../../i18n/messages';
import { ImportRow } from './import-row';

type Line = [number, Record<string, unknown>, { column?: string; message: Localized }[]];

/**
 * Rows of an import parsed and converted ahead of the write, kept in a file (one JSON array per
 * line) so that neither the parse nor the memory of a large sheet lasts into the write.
 */
export class StagedRowsWriter {
  private readonly out;
  count = 0;
  failed = 0;

  constructor(readonly path: string) {
    this.out = createWriteStream(path, { flags: 'wx' });
  }

  async add(row: ImportRow): Promise<void> {
    const line: Line = [row.row, row.values, row.failures];
    this.count += 1;
    if (!row.ok) this.failed += 1;
    if (!this.out.write(`${JSON.stringify(line)}\n`)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'close');
  }

  /** Ends the file without waiting (after a failure); the caller removes it. */
  destroy(): void {
    this.out.destroy();
  }
}

/** The staged rows, `size` at a time. */
export async function* stagedBatches(path: string, size: number): AsyncGenerator<ImportRow[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let batch: ImportRow[] = [];
  for await (const text of lines) {
    if (text === '') continue;
    const [number, values, failures] = JSON.parse(text) as Line;
    const row = new ImportRow(number, values);
    for (const failure of failures) row.fail(failure.column, failure.message);
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
