import { pinyin } from 'pinyin-pro';

/**
 * Put before the pinyin of a Chinese character: above digits and below letters, so that (as in
 * PostgreSQL's and MySQL 8's Chinese collations) digits come first, then Chinese, then Latin text.
 */
const HAN_MARK = '`';

/**
 * A text whose binary order is the pinyin order of `value`: each Chinese character becomes its
 * toneless pinyin, its tone (a digit, which also ends the syllable: `a1` before `ai4`) and the
 * character itself (homophones apart); every other character is lower-cased, so `apple` and
 * `Zebra` sort as a reader expects. 阿 < 北京 < 长城 < 中国 < apple < Zebra. The reading of a
 * character with several is the one its word gives (长城 is chang, 长大 zhang). Null stays null.
 */
export const pinyinSortKey = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value);
  if (!/\p{Script=Han}/u.test(text)) return text.toLowerCase();
  return pinyin(text, { type: 'all', toneType: 'num' })
    .map(({ origin, pinyin: reading, isZh }) => {
      if (!isZh || reading === '') return origin.toLowerCase();
      const syllable = reading.replace(/ü/g, 'v');
      const tone = /\d$/.test(syllable) ? '' : '5';
      return `${HAN_MARK}${syllable}${tone}${origin}`;
    })
    .join('');
};
