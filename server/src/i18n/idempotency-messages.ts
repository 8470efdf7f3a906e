import { format, type Localized, type Params } from './messages';

/**
 * Messages of the `Idempotency-Key` header of creates (docs/api.md §3), Chinese and English: what
 * is wrong with a value, under the header's name in a 400's `errors`.
 */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: {
    zh: '请求头 Idempotency-Key 无效，请求未被处理',
    en: 'The Idempotency-Key header is invalid; the request was not carried out',
  },
  empty: {
    zh: '不能为空：应为 1 到 {max} 个可打印 ASCII 字符',
    en: 'must not be empty: 1 to {max} printable ASCII characters',
  },
  tooLong: {
    zh: '过长（{length} 个字符）：最多 {max} 个可打印 ASCII 字符',
    en: 'is too long ({length} characters): at most {max} printable ASCII characters',
  },
  notPrintable: {
    zh: '只能包含可打印 ASCII 字符（空格到 ~），不能包含控制字符或非 ASCII 字符',
    en: 'may hold printable ASCII characters only (space to ~), no control or non-ASCII characters',
  },
  repeated: {
    zh: '只能出现一次',
    en: 'may appear only once',
  },
} as const satisfies Record<string, Localized>;

export type IdempotencyMessageKey = keyof typeof IDEMPOTENCY_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const idempotencyMessage = (key: IdempotencyMessageKey, params: Params = {}): Localized => ({
  zh: format(IDEMPOTENCY_MESSAGES[key], 'zh', params),
  en: format(IDEMPOTENCY_MESSAGES[key], 'en', params),
});
