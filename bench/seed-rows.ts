import type { Knex } from 'knex';
import type { StoredColumn } from '../server/src/services/metadata-rows';
import { fullTextBody } from '../server/src/services/items/full-text-body';
import { systemValues } from '../server/src/services/items/system-columns';

/** Deterministic pseudo-random numbers (mulberry32), so that every seed holds the same data. */
export const randomSource = (seed: number) => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number): number => Math.floor(next() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
};
type Random = ReturnType<typeof randomSource>;

const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '南京'];
const MORE_CITIES = ['西安', '重庆', '天津', '苏州', '长沙', '郑州', '青岛', '厦门'];
const CATEGORIES = ['电子产品', '家具', '服装', '食品', '图书', '玩具', '办公用品', '运动器材'];
const PHRASES = [
  '加急配送',
  '物流跟踪',
  '仓库发货',
  '客户退款',
  '售后服务',
  '发票开具',
  '包装破损',
  '延迟到货',
  '批量采购',
  '会员折扣',
  '线上支付',
  '货到付款',
  '预约安装',
  '质量检测',
  '无理由退货',
  '节日促销',
];
const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建文辉力鹏飞雪琳晨宇浩然思雨欣怡子轩梓涵',
];
const ADJECTIVES = [
  'urgent',
  'standard',
  'express',
  'bulk',
  'fragile',
  'priority',
  'seasonal',
  'wholesale',
  'retail',
  'sample',
  'custom',
  'refurbished',
  'premium',
  'economy',
  'overseas',
  'domestic',
];
const NOUNS = [
  'laptop',
  'chair',
  'jacket',
  'coffee',
  'novel',
  'puzzle',
  'printer',
  'bicycle',
  'lamp',
  'camera',
];

/**
 * Keywords the list benchmark searches for: 2 and 3 Chinese characters and an English word, each in
 * 6-25 % of the rows, and a person's 2-character name in a few hundred.
 */
export const SEARCH_TERMS = { zh2: '物流', zh3: '杭州市', en: 'urgent', name: '彭涵' } as const;

const personName = (random: Random): string =>
  random.pick(SURNAMES) + random.pick(GIVEN) + (random.next() < 0.5 ? random.pick(GIVEN) : '');

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_ORDER_DAY = Date.UTC(2020, 0, 1);
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The business values of order `n` (1-based), as a client would send them in a create body. */
export const orderInput = (random: Random, n: number, customers: number): Record<string, unknown> => {
  const city = random.next() < 0.5 ? random.pick(CITIES) : random.pick(MORE_CITIES);
  const phrases = Array.from({ length: 2 + random.int(3) }, () => random.pick(PHRASES));
  return {
    name: `${city}市${random.pick(CATEGORIES)}订单第${n}号`,
    title: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} order ${n}`,
    remark: `${phrases.join('，')}。收货人${personName(random)}`,
    amount: (random.int(10_000_000) / 100).toFixed(2),
    quantity: random.int(10_000),
    orderDate: isoDay(FIRST_ORDER_DAY + random.int(6 * 365) * DAY_MS),
    customerId: 1 + random.int(customers),
  };
};

/** The business values of customer `n`. */
export const customerInput = (random: Random, n: number): Record<string, unknown> => ({
  name: `${random.pick([...CITIES, ...MORE_CITIES])}${personName(random)}商贸有限公司${n}`,
  city: random.pick([...CITIES, ...MORE_CITIES]),
  level: 1 + random.int(5),
});

/**
 * The row the server writes for a create body `input` (insert-record): the values, the audit
 * columns of systemValues and the full-text body of fullTextBody, computed with the server's own
 * functions over the table's stored columns.
 */
export const rowFor = (
  columns: readonly StoredColumn[],
  input: Record<string, unknown>,
  now: Date,
  userId: number,
): Record<string, unknown> => {
  const row: Record<string, unknown> = { ...input, ...systemValues(columns, 'create', now, userId) };
  const target = columns.find((column) => column.indexType === 'FULLTEXT');
  if (target) row[target.name] = fullTextBody(columns, input, target);
  return row;
};

/** Rows per multi-row INSERT: under SQLite's 500 compound rows and 32,766 variables. */
const BATCH = 400;

/** Inserts rows in multi-row statements inside one transaction; `onBatch` reports progress. */
export const insertRows = async (
  db: Knex,
  tableName: string,
  count: number,
  rowAt: (index: number) => Record<string, unknown>,
  onBatch?: (done: number) => void,
): Promise<void> => {
  await db.transaction(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows: Record<string, unknown>[] = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(rowAt(i));
      await trx(tableName).insert(rows);
      onBatch?.(start + rows.length);
    }
  });
};

/** Every `rate`-th order (about 5 %) is soft-deleted, as DELETE ?isSoftDelete=true leaves it. */
export const SOFT_DELETED_EVERY = 20;
