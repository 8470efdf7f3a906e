import { describe, expect, it } from 'vitest';
import { pinyinSortKey } from '../../src/dialects/pinyin-sort-key';

const byKey = (values: string[]): string[] =>
  [...values].sort((a, b) => {
    const x = pinyinSortKey(a) ?? '';
    const y = pinyinSortKey(b) ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });

describe('pinyinSortKey', () => {
  it('orders Chinese by pinyin: 阿 < 北京 < 长城 < 中国', () => {
    expect(byKey(['中国', '长城', '北京', '阿'])).toEqual(['阿', '北京', '长城', '中国']);
    expect(byKey(['三体', '活着', '红楼梦'])).toEqual(['红楼梦', '活着', '三体']);
  });

  it('ends a syllable with its tone, so a shorter syllable comes first (a before ai, an before ang)', () => {
    expect(byKey(['爱', '阿', '昂', '安'])).toEqual(['阿', '爱', '安', '昂']);
    expect(byKey(['妈', '马', '骂', '麻'])).toEqual(['妈', '麻', '马', '骂']);
  });

  it('reads a character as its word does (长城 chang, 长大 zhang)', () => {
    expect(pinyinSortKey('长城')).toMatch(/^`chang2/);
    expect(pinyinSortKey('长大')).toMatch(/^`zhang3/);
    expect(byKey(['长大', '长城', '北京'])).toEqual(['北京', '长城', '长大']);
  });

  it('keeps homophones apart by the character, and a prefix before what extends it', () => {
    expect(pinyinSortKey('北')).not.toBe(pinyinSortKey('贝'));
    expect(byKey(['北京市', '北京'])).toEqual(['北京', '北京市']);
  });

  it('lower-cases other text: digits, then Chinese, then Latin regardless of case', () => {
    expect(byKey(['Zebra', 'apple', '中国', '2号', 'Apple'])).toEqual([
      '2号',
      '中国',
      'apple',
      'Apple',
      'Zebra',
    ]);
    expect(pinyinSortKey('Zebra')).toBe('zebra');
    expect(byKey(['中国b', '中国A'])).toEqual(['中国A', '中国b']);
  });

  it('spells ü as v (绿 lv after 路 lu) and leaves null as null', () => {
    expect(pinyinSortKey('绿')).toMatch(/^`lv4/);
    expect(byKey(['绿', '路'])).toEqual(['路', '绿']);
    expect(pinyinSortKey(null)).toBeNull();
    expect(pinyinSortKey(undefined)).toBeNull();
    expect(pinyinSortKey(12)).toBe('12');
  });
});
