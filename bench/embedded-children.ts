/**
 * What reading a record with very many children costs the server (SQLite): a purchase holding
 * BENCH_CHILDREN lines, read as one record (`GET /api/business/purchase/{id}`, which embeds its
 * OneToMany lines) and as a list page with `expand=lines`, while another session reads a small
 * record: each read's time, the answer's size and the lines it embeds, the other session's worst
 * wait, and the server process's resident memory before and at its peak (VmHWM), on the server
 * `npm start` runs (the bundle, in a process of its own).
 *
 *   BENCH_CHILDREN   lines of the big purchase (default 400000)
 *
 *   tsx bench/embedded-children.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config';
import { envInteger, ms } from './bench-stats';
import { startBenchServer, type BenchServer } from './bench-server';
import { BENCH_PASSWORD } from './bench-target';
import { startBuiltServer, type BuiltServer } from './built-server';

interface StoredTable {
  id: number;
  columns: { id: number; name: string }[];
}

const column = (table: StoredTable, name: string) => {
  const found = table.columns.find((one) => one.name === name);
  if (!found) throw new Error(`no column ${name}`);
  return { id: found.id };
};

/** purchase `big` with `children` lines and purchase `small` with 3, through the API and the driver. */
const seed = async (server: BenchServer, children: number) => {
  const create = async (body: unknown) =>
    (await server.call(
      'GET',
      `/api/metadata/tables/${String(await server.call('POST', '/api/metadata/tables', body))}`,
    )) as StoredTable;
  const key = { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false };
  const purchase = await create({
    name: 'purchase',
    columns: [key, { name: 'name', dataType: 'VARCHAR', length: 200, displayable: true }],
  });
  const line = await create({
    name: 'purchaseLine',
    columns: [
      key,
      {
        name: 'purchaseId',
        dataType: 'BIGINT',
        nullable: false,
        indexType: 'INDEX',
        indexName: 'ix_line_purchase',
      },
      { name: 'sku', dataType: 'VARCHAR', length: 40 },
      { name: 'qty', dataType: 'INT' },
      { name: 'note', dataType: 'VARCHAR', length: 200 },
    ],
  });
  await server.call('POST', '/api/metadata/tablerelations', {
    name: 'lines',
    caption: 'lines',
    relationType: 'OneToMany',
    fromTable: { id: purchase.id },
    toTable: { id: line.id },
    fromColumn: column(purchase, 'id'),
    toColumn: column(line, 'purchaseId'),
  });
  const big = Number(await server.call('POST', '/api/business/purchase', { name: 'big' }));
  const small = Number(
    await server.call('POST', '/api/business/purchase', {
      name: 'small',
      lines: [1, 2, 3].map((qty) => ({ sku: `S-${qty}`, qty })),
    }),
  );
  const knex = server.app.dataSources.primary.knex;
  for (let start = 0; start < children; start += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, children - start) }, (_, index) => ({
      purchaseId: big,
      sku: `SKU-${start + index}`,
      qty: (start + index) % 97,
      note: `line ${start + index} of the big purchase`,
    }));
    await knex.batchInsert('purchaseLine', rows, 400);
  }
  return { big, small };
};

const get = async (server: BuiltServer, path: string) => {
  const start = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: server.cookie } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - start, bytes: text.length, body: JSON.parse(text) as unknown };
};

/** Runs `work` while reading `path` again every 5 ms; the reads' worst wait. */
const whileReading = async <T>(server: BuiltServer, path: string, work: () => Promise<T>) => {
  let done = false;
  let worst = 0;
  const reading = (async () => {
    while (!done) {
      worst = Math.max(worst, (await get(server, path)).ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    return { result: await work(), worst };
  } finally {
    done = true;
    await reading;
  }
};

const linesOf = (record: unknown): number => {
  const lines = (record as { lines?: unknown[] } | undefined)?.lines;
  return Array.isArray(lines) ? lines.length : 0;
};

export const runEmbeddedChildren = async (): Promise<void> => {
  const children = envInteger('BENCH_CHILDREN', 400_000);
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-bench-children-'));
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dir, DATA_SOURCES: '[]' }, dir),
      adminPassword: BENCH_PASSWORD,
    };
    const seeding = await startBenchServer(config);
    let keys: { big: number; small: number };
    try {
      keys = await seed(seeding, children);
    } finally {
      await seeding.close();
    }
    const figures = [
      ['one record', `/api/business/purchase/${keys.big}`],
      ['list with expand', `/api/business/purchase?id=${keys.big}&expand=lines`],
    ] as const;
    // Each figure on a fresh server process, so that its peak memory is its own.
    for (const [label, path] of figures) {
      const server = await startBuiltServer(dir);
      try {
        const small = `/api/business/purchase/${keys.small}`;
        // Warm: metadata cached, code paths compiled.
        for (let round = 0; round < 20; round += 1) await get(server, small);
        const before = server.memory();
        const { result, worst } = await whileReading(server, small, () => get(server, path));
        const after = server.memory();
        const record = Array.isArray(result.body) ? (result.body as unknown[])[0] : result.body;
        console.log(
          `embedded-children ${label}, ${children.toLocaleString('en-US')} children: ${ms(result.ms)}, ` +
            `${(result.bytes / 1024 / 1024).toFixed(2)} MB answer, ${linesOf(record)} lines embedded; ` +
            `other session's worst wait ${ms(worst)}; ` +
            `server rss ${before.rssMb.toFixed(0)} MB (peak so far ${before.peakMb.toFixed(0)} MB) → ` +
            `peak ${after.peakMb.toFixed(0)} MB`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runEmbeddedChildren();
