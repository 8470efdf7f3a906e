import { describe, expect, it } from 'vitest';
import { isCaseless } from '../../src/dialects/caseless-text';

describe('isCaseless', () => {
  it('takes Chinese, Japanese and Korean text, digits, punctuation and symbols', () => {
    for (const text of [
      '物流',
      '杭州市',
      'カタカナ',
      'ひらがな',
      '한국어',
      '2026',
      '100%_',
      '（第1号）',
      '¥€',
      '',
    ])
      expect(isCaseless(text), text).toBe(true);
  });

  it('refuses any letter with case, in any script', () => {
    for (const text of ['a', 'Z', '物流A', 'ß', 'ı', 'İ', 'Σ', 'ς', 'Ⓐ', 'ǅ', 'ﬀ'])
      expect(isCaseless(text), text).toBe(false);
  });

  it('refuses combining marks, which lowering other letters can yield', () => {
    expect(isCaseless('\u0307')).toBe(false);
    expect(isCaseless('物\u0301')).toBe(false);
  });
});
