/**
 * Runs benchmark suites and prints one line per figure. Without arguments every suite runs;
 * otherwise the named ones, in order:
 *
 *   npm run bench              all suites
 *   npm run bench -- list      only `list`
 *
 * The suites that open the web app in Chromium measure the built app: it is built once
 * (`npm run build`) before the first of them, unless BENCH_NO_BUILD=1.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Suites by name, in the order a full run takes them; each loaded only when it runs. */
export const SUITES: Record<string, () => Promise<void>> = {
  list: async () => (await import('./list')).runList(),
  reverse: async () => (await import('./reverse')).runReverse(),
  'web-bundle': async () => (await import('./web-bundle')).runWebBundle(),
  'upload-big': async () => (await import('./upload-big')).runUploadBig(),
  'export-import': async () => (await import('./export-import')).runExportImport(),
  'sheet-reader': async () => (await import('./sheet-reader')).runSheetReader(),
  'import-lock': async () => (await import('./import-lock')).runImportLock(),
  'reader-starvation': async () => (await import('./reader-starvation')).runReaderStarvation(),
  'fair-reads': async () => (await import('./fair-reads')).runFairReads(),
  'embedded-children': async () => (await import('./embedded-children')).runEmbeddedChildren(),
  'list-render': async () => (await import('./list-render')).runListRender(),
  'md5-browser': async () => (await import('./md5-browser')).runMd5Browser(),
  'page-load': async () => (await import('./page-load')).runPageLoad(),
  instances: async () => (await import('./instances')).runInstances(),
  replicas: async () => (await import('./replicas')).runReplicas(),
  'write-cost': async () => (await import('./write-cost')).runWriteCost(),
  'search-write-cost': async () => (await import('./search-write-cost')).runSearchWriteCost(),
  'history-cost': async () => (await import('./history-cost')).runHistoryCost(),
  'history-read': async () => (await import('./history-read')).runHistoryRead(),
  'history-prune': async () => (await import('./history-prune')).runHistoryPrune(),
  'import-history-cost': async () => (await import('./import-history-cost')).runImportHistoryCost(),
  'row-rule-cost': async () => (await import('./row-rule-cost')).runRowRuleCost(),
  'webhook-latency': async () => (await import('./webhook-latency')).runWebhookLatency(),
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !Object.hasOwn(SUITES, name));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; suites: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}
/** Suites that measure the built web app. */
const WEB_SUITES = new Set(['web-bundle', 'list-render', 'md5-browser', 'page-load']);
let built = process.env.BENCH_NO_BUILD === '1';
for (const name of requested.length > 0 ? requested : Object.keys(SUITES)) {
  if (WEB_SUITES.has(name) && !built) {
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'inherit',
    });
    built = true;
  }
  await SUITES[name]?.();
}
