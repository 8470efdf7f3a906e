import { describe, expect, it } from 'vitest';
import {
  choiceCaption,
  choiceOptionFor,
  choiceOptionsProblem,
  choiceText,
  choiceValuesOf,
  isChoiceColumn,
  MAX_CHOICE_OPTIONS,
  MAX_CHOICE_VALUE_LENGTH,
  normalizeChoiceOptions,
  unknownChoices,
  type ChoiceOption,
} from '../../contract/choice';

const OPTIONS: ChoiceOption[] = [
  { value: 'classic', captions: { 'zh-CN': '经典', 'en-US': 'Classic' }, color: 'gold' },
  { value: 'scifi', captions: { 'zh-CN': '科幻' }, color: '#1677ff' },
  { value: 'poetry' },
];
const VARCHAR = { dataType: 'VARCHAR' as const, multipleValue: false };

describe('choice option lists', () => {
  it('accepts unique, non-blank values with preset or hex colours', () => {
    expect(choiceOptionsProblem(OPTIONS, VARCHAR)).toBeNull();
    expect(choiceOptionsProblem(OPTIONS, { dataType: 'TEXT', multipleValue: true })).toBeNull();
  });

  it('names the first problem', () => {
    expect(choiceOptionsProblem([], VARCHAR)).toEqual({ kind: 'empty' });
    expect(choiceOptionsProblem([{ value: ' ' }], VARCHAR)).toEqual({ kind: 'blankValue' });
    expect(choiceOptionsProblem([{ value: 'a' }, { value: 'a' }], VARCHAR)).toEqual({
      kind: 'duplicate',
      value: 'a',
    });
    expect(choiceOptionsProblem([{ value: 'x'.repeat(MAX_CHOICE_VALUE_LENGTH + 1) }], VARCHAR)).toMatchObject(
      {
        kind: 'valueTooLong',
      },
    );
    const many = Array.from({ length: MAX_CHOICE_OPTIONS + 1 }, (_, i) => ({ value: `v${i}` }));
    expect(choiceOptionsProblem(many, VARCHAR)).toEqual({ kind: 'tooMany', max: MAX_CHOICE_OPTIONS });
    expect(choiceOptionsProblem([{ value: 'a,b' }], { dataType: 'VARCHAR', multipleValue: true })).toEqual({
      kind: 'separator',
      value: 'a,b',
    });
    expect(choiceOptionsProblem([{ value: 'a,b' }], VARCHAR)).toBeNull();
    expect(choiceOptionsProblem([{ value: 'a', color: 'pink!' }], VARCHAR)).toEqual({
      kind: 'color',
      value: 'pink!',
    });
    expect(choiceOptionsProblem([{ value: '1' }], { dataType: 'INT' })).toEqual({ kind: 'notText' });
    expect(choiceOptionsProblem([{ value: 'a' }], { dataType: 'PASSWORD' })).toEqual({ kind: 'notText' });
  });

  it('normalises what is stored and tells a choice column', () => {
    expect(normalizeChoiceOptions(null)).toBeNull();
    expect(normalizeChoiceOptions([])).toBeNull();
    expect(
      normalizeChoiceOptions([{ value: ' a ', captions: { 'zh-CN': ' 甲 ', fr: 'x' }, color: ' ' }]),
    ).toEqual([{ value: 'a', captions: { 'zh-CN': '甲' } }]);
    expect(isChoiceColumn({ options: OPTIONS })).toBe(true);
    expect(isChoiceColumn({ options: null })).toBe(false);
    expect(isChoiceColumn({})).toBe(false);
  });
});

describe('choice values', () => {
  it('reads a cell as a list and writes it back', () => {
    expect(choiceValuesOf('scifi', false)).toEqual(['scifi']);
    expect(choiceValuesOf('a,b', false)).toEqual(['a,b']);
    expect(choiceValuesOf('a, b,,', true)).toEqual(['a', 'b']);
    expect(choiceValuesOf(['a', 'b'], true)).toEqual(['a', 'b']);
    expect(choiceValuesOf(null, true)).toEqual([]);
    expect(choiceValuesOf('', false)).toEqual([]);
    expect(choiceText(['a', 'b', 'a'], true)).toBe('a,b');
    expect(choiceText(['a'], false)).toBe('a');
    expect(choiceText([], true)).toBeNull();
  });

  it('finds values that are not options', () => {
    expect(unknownChoices(['classic', 'poetry'], OPTIONS)).toEqual([]);
    expect(unknownChoices(['classic', '科幻', 'cooking'], OPTIONS)).toEqual(['科幻', 'cooking']);
  });

  it('captions an option per language, falling back to the other language and the value', () => {
    const [classic, scifi, poetry] = OPTIONS as [ChoiceOption, ChoiceOption, ChoiceOption];
    expect(choiceCaption(classic, 'en-US')).toBe('Classic');
    expect(choiceCaption(classic, 'zh-CN')).toBe('经典');
    expect(choiceCaption(scifi, 'en-US')).toBe('科幻');
    expect(choiceCaption(poetry, 'zh-CN')).toBe('poetry');
  });

  it('finds the option a value or a caption in either language stands for', () => {
    expect(choiceOptionFor(OPTIONS, 'scifi')?.value).toBe('scifi');
    expect(choiceOptionFor(OPTIONS, '经典')?.value).toBe('classic');
    expect(choiceOptionFor(OPTIONS, ' classic ')?.value).toBe('classic');
    expect(choiceOptionFor(OPTIONS, 'CLASSIC')?.value).toBe('classic');
    expect(choiceOptionFor(OPTIONS, '科幻')?.value).toBe('scifi');
    expect(choiceOptionFor(OPTIONS, 'cooking')).toBeUndefined();
    expect(choiceOptionFor(OPTIONS, '')).toBeUndefined();
  });
});
