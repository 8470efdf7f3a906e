/**
 * How long the generic list takes to show 100 rows × 30 columns once their data has arrived, in
 * headless Chromium on the built web app (run `npm run build` first). For each page of a
 * 1,000-row table: from the end of the list response (Resource Timing) to the first animation
 * frame after the page's last row is in the document. One line with the median.
 *
 *   BENCH_RENDER_RUNS   pages measured (default 9)
 *
 *   tsx bench/list-render.ts
 */
import { signInApi } from '../tests/e2e/helpers/api-session';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { SYSTEM_COLUMNS } from '../tests/e2e/helpers/shop';
import { startServer } from '../tests/e2e/helpers/start-server';
import { envInteger, median } from './bench-stats';

const TARGET_MS = 200;
const ROWS = 1000;
const PAGE_ROWS = 100;
const EXTRA_COLUMNS = 21;

const extraColumns = Array.from({ length: EXTRA_COLUMNS }, (_, i) => {
  const kind = i % 3;
  return {
    name: `field${i + 1}`,
    caption: `字段${i + 1}`,
    dataType: kind === 0 ? 'VARCHAR' : kind === 1 ? 'INT' : 'DATE',
    ...(kind === 0 ? { length: 100 } : {}),
    displayable: true,
  };
});

const recordOf = (n: number) =>
  Object.fromEntries([
    ['name', `记录 ${n} record`],
    ...extraColumns.map((column, i) => [
      column.name,
      column.dataType === 'VARCHAR'
        ? `第${n}行 列${i} text value`
        : column.dataType === 'INT'
          ? n * 31 + i
          : `2024-${String((n % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    ]),
  ]);

/**
 * Resolves, in the page, with the time from the response of the list request at `offset` to the
 * frame after the table's first row is the record `first` (large pages render only the rows in
 * view, so the row count tells nothing).
 */
const WATCH = `(({ offset, first }) => new Promise((resolve) => {
  let responseEnd = null;
  let renderedAt = null;
  const done = () => { if (responseEnd !== null && renderedAt !== null) resolve(renderedAt - responseEnd); };
  const resources = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes('/api/business/wide?') && entry.name.includes('offset=' + offset + '&')) {
        responseEnd = entry.responseEnd;
        resources.disconnect();
        done();
      }
    }
  });
  resources.observe({ type: 'resource' });
  const shown = () => {
    const row = document.querySelector('.ant-table-tbody .ant-table-row');
    return row !== null && row.textContent.includes(first);
  };
  const dom = new MutationObserver(() => {
    if (!shown()) return;
    dom.disconnect();
    requestAnimationFrame(() => { renderedAt = performance.now(); done(); });
  });
  dom.observe(document.body, { childList: true, subtree: true, characterData: true });
}))`;

/** The name of the first record of the page at `offset` (newest first). */
const firstNameAt = (offset: number) => `记录 ${ROWS - offset} record`;

export const runListRender = async (): Promise<void> => {
  const runs = envInteger('BENCH_RENDER_RUNS', 9);
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const api = await signInApi(server.url, server.adminPassword);
    await api.call('POST', '/metadata/tables', {
      name: 'wide',
      pluralName: 'wides',
      tableName: 'wide',
      caption: '宽表',
      columns: [...SYSTEM_COLUMNS, ...extraColumns].map((column, i) => ({ displayOrder: i, ...column })),
    });
    for (let n = 1; n <= ROWS; n += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => api.call('POST', '/business/wide', recordOf(n + i))),
      );
    }

    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
    await page.goto(`${server.url}/crudboard/login`);
    await page.getByPlaceholder('用户名').fill('superadmin');
    await page.getByPlaceholder('密码').fill(server.adminPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/wide`);
    await page.getByText(`共 ${ROWS} 条记录`).waitFor();

    const measure = async (offset: number, act: () => Promise<void>) => {
      const watching = page.evaluate(`${WATCH}(${JSON.stringify({ offset, first: firstNameAt(offset) })})`);
      await act();
      return (await watching) as number;
    };

    await page.locator('.ant-select').filter({ hasText: '条/页' }).click();
    await page.getByTitle(`${PAGE_ROWS} 条/页`).click();
    await page.getByText(`第 1 / ${ROWS / PAGE_ROWS} 页`).waitFor();
    const times: number[] = [];
    for (let pageNo = 2; times.length < runs && pageNo <= ROWS / PAGE_ROWS; pageNo += 1) {
      times.push(
        await measure((pageNo - 1) * PAGE_ROWS, async () => {
          await page
            .getByRole('navigation', { name: 'pagination' })
            .getByRole('button', { name: String(pageNo), exact: true })
            .click();
        }),
      );
    }
    const p50 = median(times);
    console.log(
      `web list ${PAGE_ROWS} rows x ${SYSTEM_COLUMNS.length + EXTRA_COLUMNS} columns rendered after its data:` +
        ` p50 ${p50.toFixed(1)} ms (${times.length} pages, max ${Math.max(...times).toFixed(1)} ms)` +
        ` target <= ${TARGET_MS} ms ${p50 <= TARGET_MS ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runListRender();
}
