/**
 * Screenshots of crudboard's main screens for docs/tour.md, taken from a running server.
 *
 *   npm run screenshots -- --url http://localhost:8080 --password <superadmin's> --out docs/screens
 *
 * Options: --url (the server, without /crudboard), --user (default superadmin), --password (or
 * ADMIN_PASSWORD), --out (default docs/screens), --locales (default zh-CN,en-US), --only (screen
 * names, comma separated). It signs in, adds a small demo data set through the HTTP API unless it is
 * there (产品 / Products with a price, a launch date, a picture and a category; 产品类别 /
 * Categories read by their title column; a role; a plain database table to reverse-engineer), then
 * writes `<screen>-<locale>.png` at 1440 × 900 (the narrow list at 1024 × 768, the phone screens at
 * 390 × 844). A screen the server does not have (an older build) is logged and skipped; the run
 * goes on.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { isSystemColumnName, SYSTEM_COLUMN_CAPTIONS } from '../contract';
import { signInApi, type ApiSession } from '../tests/e2e/helpers/api-session';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { openColumnMore } from '../tests/e2e/helpers/designer';
import { SYSTEM_COLUMNS } from '../tests/e2e/helpers/shop';

type Locale = 'zh-CN' | 'en-US';

interface Options {
  url: string;
  user: string;
  password: string;
  out: string;
  locales: Locale[];
  only: string[] | null;
}

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      user: { type: 'string', default: 'superadmin' },
      password: { type: 'string' },
      out: { type: 'string', default: 'docs/screens' },
      locales: { type: 'string', default: 'zh-CN,en-US' },
      only: { type: 'string' },
    },
  });
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  if (!values.url || !password) {
    throw new Error('usage: npm run screenshots -- --url <server> --password <password> [--out <folder>]');
  }
  const locales = (values.locales ?? '').split(',').map((locale) => locale.trim());
  for (const locale of locales) {
    if (locale !== 'zh-CN' && locale !== 'en-US') throw new Error(`unknown locale ${locale}`);
  }
  return {
    url: values.url.replace(/\/+$/, '').replace(/\/crudboard$/, ''),
    user: values.user ?? 'superadmin',
    password,
    out: resolve(values.out ?? 'docs/screens'),
    locales: locales as Locale[],
    only: values.only ? values.only.split(',').map((name) => name.trim()) : null,
  };
};

const VIEWPORT = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** How long one step of a screen may take before the screen is given up. */
const STEP_MS = 20_000;

/** A pattern matching any of the texts, as antd renders them (it spaces two-character Chinese buttons). */
const label = (...texts: string[]): RegExp =>
  new RegExp(
    `^\\s*(${texts.map((text) => [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')).join('|')})\\s*$`,
  );

/* ------------------------------------------------------------------ demo data */

const CATEGORIES = [
  { name: '手机', code: 'PHONE', title: '手机 Phones' },
  { name: '电脑', code: 'LAPTOP', title: '电脑 Laptops' },
  { name: '耳机', code: 'AUDIO', title: '耳机 Headphones' },
  { name: '配件', code: 'ACCESSORY', title: '配件 Accessories' },
];

const PRODUCTS = [
  '星河 X1 手机',
  '星河 X1 Pro 手机',
  '青山 14 笔记本',
  '青山 16 笔记本',
  '流光 降噪耳机',
  '流光 运动耳机',
  '快充 65W 充电器',
  '磁吸 手机壳',
  '星河 X2 手机',
  '青山 Air 笔记本',
  '流光 头戴耳机',
  '数据线 1.5 米',
  '星河 Mini 手机',
  '青山 Pro 笔记本',
  '流光 开放式耳机',
  '无线 充电板',
  '星河 折叠屏手机',
  '青山 二合一平板电脑',
  '流光 骨传导耳机',
  '便携 扩展坞',
];

interface StoredTable {
  id: number;
  name: string;
  columns: { id: number; name: string }[];
}

/** Keys an older server does not know: on a 400 the call is made again without them. */
const NEWER_KEYS = ['captions', 'titleColumn'];

const withoutNewerKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNewerKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !NEWER_KEYS.includes(key))
        .map(([key, inner]) => [key, withoutNewerKeys(inner)]),
    );
  }
  return value;
};

const tolerantCall = async <T>(api: ApiSession, method: string, path: string, body: unknown): Promise<T> => {
  try {
    return await api.call<T>(method, path, body);
  } catch (failure) {
    if (!/→ 400 /.test(String(failure))) throw failure;
    console.log(`  (${method} ${path} refused, retried without ${NEWER_KEYS.join(', ')})`);
    return api.call<T>(method, path, withoutNewerKeys(body));
  }
};

const column = (name: string, zh: string, en: string, rest: object) => ({
  name,
  caption: zh,
  captions: { 'en-US': en },
  ...rest,
});

const createTable = async (
  api: ApiSession,
  name: string,
  zh: string,
  en: string,
  columns: object[],
  extra: object = {},
): Promise<StoredTable> => {
  const id = await tolerantCall<number>(api, 'POST', '/metadata/tables', {
    name,
    pluralName: `${name}s`,
    tableName: name,
    caption: zh,
    captions: { 'en-US': en },
    ...extra,
    columns: [
      ...SYSTEM_COLUMNS.map((system) => ({
        ...system,
        ...(isSystemColumnName(system.name)
          ? { captions: { 'en-US': SYSTEM_COLUMN_CAPTIONS[system.name]['en-US'] } }
          : {}),
      })),
      ...columns,
    ].map((entry, i) => ({ displayOrder: i, ...entry })),
  });
  return api.call<StoredTable>('GET', `/metadata/tables/${id}`);
};

/** A small square picture with a letter on it, drawn by the browser (PNG, base64). */
const drawPicture = async (browser: Browser, letter: string, hue: number): Promise<string> => {
  const page = await browser.newPage({ viewport: { width: 160, height: 160 } });
  try {
    await page.setContent(
      `<body style="margin:0"><div style="width:160px;height:160px;display:flex;align-items:center;` +
        `justify-content:center;font:bold 72px sans-serif;color:white;` +
        `background:linear-gradient(135deg,hsl(${hue},70%,55%),hsl(${hue + 40},70%,35%))">${letter}</div></body>`,
    );
    return (await page.screenshot({ type: 'png' })).toString('base64');
  } finally {
    await page.close();
  }
};

/** Uploads a picture through the signed-in page, as the app does; returns the stored file's URL. */
const uploadPicture = (page: Page, base64: string, name: string): Promise<string> =>
  page.evaluate(
    async ([data, fileName]) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), fileName);
      const response = await fetch('/api/file', { method: 'POST', body: form, credentials: 'include' });
      if (!response.ok) throw new Error(`upload: ${response.status}`);
      return ((await response.json()) as { url: string }).url;
    },
    [base64, name] as const,
  );

interface Demo {
  productTableId: number;
  productIds: number[];
}

const prepareDemo = async (api: ApiSession, browser: Browser, page: Page): Promise<Demo> => {
  const tables = await api.call<StoredTable[]>('GET', '/metadata/tables?limit=1000');
  const existing = tables.find((table) => table.name === 'product');
  if (existing) {
    const ids = await api.call<{ id: number }[]>('GET', '/business/product?isDeleted=false&limit=100');
    console.log('demo data: already there');
    return { productTableId: existing.id, productIds: ids.map((row) => row.id).sort((x, y) => x - y) };
  }
  console.log('demo data: creating 产品类别, 产品, a role and a plain table');
  const category = await createTable(
    api,
    'category',
    '产品类别',
    'Categories',
    [
      column('code', '编码', 'Code', { dataType: 'VARCHAR', length: 20, queryable: true, displayable: true }),
      column('title', '显示名称', 'Title', { dataType: 'VARCHAR', length: 50, displayable: true }),
    ],
    { titleColumn: 'title' },
  );
  const product = await createTable(api, 'product', '产品', 'Products', [
    column('price', '价格', 'Price', {
      dataType: 'DECIMAL',
      precision: 10,
      scale: 2,
      queryable: true,
      displayable: true,
    }),
    column('launchDate', '上市日期', 'Launch date', { dataType: 'DATE', queryable: true, displayable: true }),
    column('photo', '图片', 'Photo', { dataType: 'ATTACHMENT', displayable: true }),
    column('categoryId', '类别', 'Category', { dataType: 'BIGINT', queryable: true, displayable: true }),
    column('stock', '库存', 'Stock', { dataType: 'INT', displayable: true }),
  ]);
  const columnId = (table: StoredTable, name: string) => ({
    id: table.columns.find((entry) => entry.name === name)?.id,
  });
  await tolerantCall(api, 'POST', '/metadata/tablerelations', {
    name: 'category',
    caption: '类别',
    captions: { 'en-US': 'Category' },
    relationType: 'ManyToOne',
    fromTable: { id: product.id },
    toTable: { id: category.id },
    fromColumn: columnId(product, 'categoryId'),
    toColumn: columnId(category, 'id'),
  });
  const categoryIds: number[] = [];
  for (const entry of CATEGORIES)
    categoryIds.push(Number(await api.call('POST', '/business/category', entry)));

  const pictures: string[] = [];
  for (const [i, letter] of ['X1', 'P', '14', '16', '♪', '♫'].entries()) {
    pictures.push(
      await uploadPicture(page, await drawPicture(browser, letter, i * 55), `product-${i + 1}.png`),
    );
  }
  const categoryOf = (name: string) =>
    categoryIds[
      name.includes('手机') && !name.includes('壳')
        ? 0
        : name.includes('笔记本') || name.includes('电脑')
          ? 1
          : name.includes('耳机')
            ? 2
            : 3
    ];
  const productIds: number[] = [];
  for (const [i, name] of PRODUCTS.entries()) {
    productIds.push(
      Number(
        await api.call('POST', '/business/product', {
          name,
          price: `${(999 + ((i * 731) % 7000)).toFixed(0)}.${i % 2 === 0 ? '00' : '50'}`,
          launchDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String(((i * 7) % 27) + 1).padStart(2, '0')}`,
          categoryId: categoryOf(name),
          stock: (i * 37) % 500,
          photo: pictures[i % pictures.length],
        }),
      ),
    );
  }
  // Two products in the recycle bin.
  for (const id of productIds.slice(-2))
    await api.call('DELETE', `/business/product/${id}?isSoftDelete=true`);
  // A role to set table permissions for.
  await api.call('POST', '/business/role', {
    name: '产品编辑',
    code: 'ROLE_PRODUCT_EDITOR',
    permissions: 'business:product:read',
  });
  // A table the database has but crudboard does not know yet, for the reverse-engineering page.
  for (const sql of [
    'CREATE TABLE supplier (supplierId INTEGER PRIMARY KEY, supplierName VARCHAR(100) NOT NULL, city VARCHAR(50))',
    "INSERT INTO supplier (supplierId, supplierName, city) VALUES (1, '华东电子', '上海'), (2, '南方精密', '深圳')",
  ]) {
    try {
      await api.call('POST', '/metadata/sqls/execute', { sql, readOnly: false });
    } catch (failure) {
      console.log(`  (the plain table was not created: ${String(failure).slice(0, 120)})`);
      break;
    }
  }
  return { productTableId: product.id, productIds: productIds.slice(0, -2) };
};

/* ------------------------------------------------------------------ the screens */

interface Tour {
  page: Page;
  app: (path?: string) => string;
  demo: Demo;
  locale: Locale;
}

/** Waits until the page is quiet: no request under way, no spinner, no moving drawer or dialog. */
const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => undefined);
  await page
    .waitForFunction(
      `[...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].every(
        (element) => !element.offsetParent,
      )`,
      undefined,
      { timeout: STEP_MS },
    )
    .catch(() => console.log('  (a spinner was still there)'));
  // drawers and dialogs slide and fade in
  await page.waitForTimeout(800);
};

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** Buttons whose text is one of the texts (an icon carries no text). */
const button = (scope: Page | Locator, ...texts: string[]): Locator =>
  scope.locator('button, a, [role="button"]').filter({ hasText: label(...texts) });

/** The first field of a record form. */
const formField = (page: Page): Locator => page.locator('.ant-form-item input:visible').first();

const visibleDialog = (page: Page): Locator =>
  page
    .locator('.ant-modal-wrap:visible .ant-modal, .ant-popover:visible, .ant-drawer-open .ant-drawer-content')
    .last();

const openList = async ({ page, app }: Tour, query = ''): Promise<void> => {
  await page.goto(app(`business/product${query}`));
  await rows(page).first().waitFor({ timeout: STEP_MS });
  // the pictures in the list are in
  await page
    .waitForFunction(
      `[...document.querySelectorAll('.ant-table-tbody img')].every((img) => img.complete)`,
      undefined,
      {
        timeout: STEP_MS,
      },
    )
    .catch(() => undefined);
};

interface Screen {
  name: string;
  viewport?: { width: number; height: number };
  show: (tour: Tour) => Promise<void>;
}

const screens: Screen[] = [
  {
    name: 'login',
    show: async ({ page, app }) => {
      await page.goto(app('login'));
      await page.locator('input[type="password"]').waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'home',
    show: async ({ page, app }) => {
      await page.goto(app());
      await page
        .getByText(/产品|Products/)
        .first()
        .waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'list',
    show: async (tour) => {
      await openList(tour);
      const more = button(tour.page, '更多筛选', 'More filters');
      if (await more.count()) {
        await more.first().click();
        await tour.page.mouse.move(600, 25);
      }
    },
  },
  {
    name: 'columns',
    show: async (tour) => {
      await openList(tour);
      await button(tour.page, '列', 'Columns').first().click({ timeout: STEP_MS });
      await tour.page
        .getByRole('dialog', { name: /^(列|Columns)$/ })
        .or(visibleDialog(tour.page))
        .first()
        .waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'create',
    show: async ({ page, app }) => {
      await page.goto(app('business/product/new'));
      await formField(page).waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'edit',
    show: async ({ page, app, demo }) => {
      await page.goto(app(`business/product/${demo.productIds[0]}`));
      await formField(page).waitFor({ timeout: STEP_MS });
      // who created the record reads by name once the users are in
      await page
        .waitForFunction(`document.querySelector('input#createById')?.value`, undefined, { timeout: STEP_MS })
        .catch(() => console.log('  (no creator shown)'));
      await page
        .waitForFunction(`[...document.querySelectorAll('.ant-form-item img')].every((img) => img.complete)`)
        .catch(() => undefined);
    },
  },
  {
    name: 'delete',
    show: async (tour) => {
      await openList(tour);
      await rows(tour.page)
        .first()
        .locator('button, a')
        .filter({ hasText: label('软删除', 'Soft delete') })
        .first()
        .click({ timeout: STEP_MS });
      await visibleDialog(tour.page).waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'designer',
    show: async ({ page, app, demo }) => {
      await page.goto(app(`metadata/tables/${demo.productTableId}`));
      await page.locator('input[value="price"]').first().waitFor({ timeout: STEP_MS });
      // down to the grid of columns, its own columns in view
      await page.mouse.move(VIEWPORT.width / 2, 300);
      await page.mouse.wheel(0, 360);
    },
  },
  {
    name: 'designer-more',
    show: async ({ page, app, demo }) => {
      await page.goto(app(`metadata/tables/${demo.productTableId}`));
      await page.locator('input[value="price"]').first().waitFor({ timeout: STEP_MS });
      await openColumnMore(page, 'price');
    },
  },
  {
    name: 'form-builder',
    show: async ({ page, app, demo }) => {
      await page.goto(app(`metadata/tables/${demo.productTableId}/formBuilder`));
      await page
        .getByText(/价格|Price|price/)
        .first()
        .waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'permissions',
    show: async ({ page, app, demo }) => {
      await page.goto(app(`metadata/tables/${demo.productTableId}/tablePermission`));
      const role = page.getByRole('combobox', { name: /角色|Role/ }).first();
      await role.waitFor({ timeout: STEP_MS });
      await role.click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: 'ROLE_PRODUCT_EDITOR' })
        .click({ timeout: STEP_MS });
      await page.locator('main input[type="checkbox"]').first().waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'reverse',
    show: async ({ page, app }) => {
      await page.goto(app('metadata/tables/reverse'));
      await rows(page).filter({ hasText: 'supplier' }).first().waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'sql',
    show: async ({ page, app }) => {
      await page.goto(app('metadata/sqls/new'));
      const editor = page.locator('.cm-content');
      await editor.waitFor({ timeout: STEP_MS });
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('select id, name, price, launchDate from product order by price desc');
      // (closes the completion list)
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Enter');
      await rows(page).first().waitFor({ timeout: STEP_MS });
      await page.mouse.move(600, 25);
    },
  },
  {
    name: 'export',
    show: async (tour) => {
      const { page } = tour;
      await openList(tour);
      const formats = page.getByRole('button', { name: /^(更多导出方式|More export options)$/ });
      if (await formats.count()) {
        // This build downloads at once: what there is to see is the choice of format and columns.
        await formats.first().click();
        await page.locator('.ant-dropdown:visible .ant-dropdown-menu').waitFor({ timeout: STEP_MS });
        return;
      }
      await button(page, '导出EXCEL', 'Export EXCEL').first().click({ timeout: STEP_MS });
      await visibleDialog(page).waitFor({ timeout: STEP_MS });
      await page
        .locator('.ant-modal-wrap:visible')
        .getByText(/文件已生成|ready|下载|Download/)
        .first()
        .waitFor({ timeout: STEP_MS })
        .catch(() => undefined);
    },
  },
  {
    name: 'recycle-bin',
    show: async (tour) => {
      const { page } = tour;
      await openList(tour);
      await page.getByText(label('回收站', 'Recycle bin')).first().click({ timeout: STEP_MS });
      await rows(page).first().waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'list-1024',
    viewport: NARROW,
    show: (tour) => openList(tour),
  },
  {
    name: 'phone-list',
    viewport: PHONE,
    show: async ({ page, app }) => {
      await page.goto(app('business/product'));
      await page.locator('[data-record-card]').first().waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'phone-menu',
    viewport: PHONE,
    show: async ({ page, app }) => {
      await page.goto(app('business/product'));
      await page.locator('[data-record-card]').first().waitFor({ timeout: STEP_MS });
      await page.getByRole('button', { name: label('打开菜单', 'Open menu') }).click({ timeout: STEP_MS });
      await page.locator('.ant-drawer-content nav').waitFor({ timeout: STEP_MS });
    },
  },
  {
    name: 'phone-edit',
    viewport: PHONE,
    show: async ({ page, app }) => {
      await page.goto(app('business/product'));
      await page.locator('[data-record-card]').first().getByRole('link').click({ timeout: STEP_MS });
      await formField(page).waitFor({ timeout: STEP_MS });
    },
  },
];

/** Signs in through the login page. */
const signIn = async (page: Page, options: Options): Promise<void> => {
  await page.goto(`${options.url}/crudboard/login`);
  await page.locator('input[type="password"]').waitFor({ timeout: STEP_MS });
  await page.locator('form input:not([type="password"])').first().fill(options.user);
  await page.locator('input[type="password"]').fill(options.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: STEP_MS });
};

const newContext = async (browser: Browser, locale: Locale): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: VIEWPORT, locale });
  // The app keeps its UI language in localStorage.
  await context.addInitScript(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
  return context;
};

const main = async (): Promise<void> => {
  const options = readOptions();
  mkdirSync(options.out, { recursive: true });
  const browser = await launchBrowser();
  const written: string[] = [];
  const missed: string[] = [];
  try {
    const api = await signInApi(options.url, options.password, options.user);
    let demo: Demo | null = null;
    for (const locale of options.locales) {
      const context = await newContext(browser, locale);
      try {
        const page = await context.newPage();
        let signedIn = false;
        const app = (path = '') =>
          path === 'login' || path === ''
            ? `${options.url}/crudboard/${path}`
            : `${options.url}/crudboard/dataSource/primary/${path}`;
        for (const screen of screens) {
          if (options.only && !options.only.includes(screen.name)) continue;
          // The login page first, then everything else signed in.
          if (screen.name !== 'login' && !signedIn) {
            await signIn(page, options);
            signedIn = true;
            demo ??= await prepareDemo(api, browser, page);
          }
          const file = resolve(options.out, `${screen.name}-${locale}.png`);
          try {
            await page.setViewportSize(screen.viewport ?? VIEWPORT);
            await page.mouse.move(0, 0);
            await screen.show({ page, app, demo: demo as Demo, locale });
            await settle(page);
            await page.screenshot({ path: file });
            written.push(file);
            console.log(`✓ ${screen.name}-${locale}`);
          } catch (failure) {
            missed.push(`${screen.name}-${locale}`);
            console.log(`✗ ${screen.name}-${locale}: ${String(failure).split('\n')[0]}`);
          } finally {
            await page.keyboard.press('Escape').catch(() => undefined);
          }
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `${written.length} screenshots in ${options.out}${missed.length ? `; not taken: ${missed.join(', ')}` : ''}`,
  );
};

await main();
