/**
 * Writes docs/api-reference.md from the OpenAPI document of a server built on a throwaway SQLite
 * database: `npm run docs:api`. With `--check`, writes nothing and exits 1 when the file is stale.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { renderApiReference, type OpenApiDocument } from '../docs/render-api-reference';

export const API_REFERENCE_FILE = resolve(import.meta.dirname, '../../../docs/api-reference.md');

/** The reference as the current routes give it. */
export const currentApiReference = async (): Promise<string> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-api-reference-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Reference-only-1' }, dataDir);
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      return renderApiReference(app.swagger() as unknown as OpenApiDocument);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const text = await currentApiReference();
  if (process.argv.includes('--check')) {
    const stale = readFileSync(API_REFERENCE_FILE, 'utf8') !== text;
    if (stale) console.error('docs/api-reference.md is stale: run npm run docs:api');
    process.exit(stale ? 1 : 0);
  }
  writeFileSync(API_REFERENCE_FILE, text);
  console.log(`wrote ${API_REFERENCE_FILE}`);
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
