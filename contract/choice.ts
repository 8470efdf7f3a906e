import { captionIn, normalizeCaptions, type CaptionLanguage, type Captions } from './captions';
import { dataTypeTraits, type DataType } from './data-types';

/**
 * One allowed value of a choice column: the value stored, its caption per UI language (the value
 * itself where none is given) and the colour of its tag (an antd preset name or `#rrggbb`).
 */
export interface ChoiceOption {
  value: string;
  captions?: Captions | null;
  color?: string | null;
}

/** Most options one column may have. */
export const MAX_CHOICE_OPTIONS = 200;
/** Longest option value, in characters. */
export const MAX_CHOICE_VALUE_LENGTH = 100;
/** What separates the chosen values of a multiple choice column as stored (`a,b`; MySQL SET's form). */
export const CHOICE_SEPARATOR = ',';

/** The tag colours antd names; any other colour is written `#rrggbb`. */
export const CHOICE_COLORS = [
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** What is wrong with an option list (null: nothing); `value` names the option at fault. */
export type ChoiceOptionsProblem =
  | { kind: 'empty' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'blankValue' }
  | { kind: 'valueTooLong'; value: string; max: number }
  | { kind: 'duplicate'; value: string }
  | { kind: 'separator'; value: string }
  | { kind: 'color'; value: string }
  | { kind: 'notText' };

/** Whether a column is a choice column: it carries options. */
export const isChoiceColumn = (column: { options?: readonly ChoiceOption[] | null }): boolean =>
  Array.isArray(column.options) && column.options.length > 0;

/** Data types a choice column may have: the text types (its values are stored as text). */
export const choiceAllowedFor = (dataType: DataType): boolean =>
  dataTypeTraits(dataType).kind === 'text' && dataType !== 'ATTACHMENT';

/**
 * An option list as stored: values trimmed, captions normalised, blank colours left out; null when
 * the input holds no option (not a choice column). Nothing else is checked here (see
 * `choiceOptionsProblem`).
 */
export const normalizeChoiceOptions = (value: unknown): ChoiceOption[] | null => {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.map((entry: unknown) => {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const option: ChoiceOption = { value: typeof item.value === 'string' ? item.value.trim() : '' };
    const captions = normalizeCaptions(item.captions);
    if (captions) option.captions = captions;
    if (typeof item.color === 'string' && item.color.trim() !== '') option.color = item.color.trim();
    return option;
  });
};

/**
 * The first problem of an option list: at least one option, at most MAX_CHOICE_OPTIONS, values
 * non-blank, at most MAX_CHOICE_VALUE_LENGTH characters and unique; a multiple choice value holds
 * no comma (the stored separator); colours are antd preset names or `#rrggbb`; the column's data
 * type is a text type.
 */
export const choiceOptionsProblem = (
  options: readonly ChoiceOption[],
  column: { dataType: DataType; multipleValue?: boolean | null },
): ChoiceOptionsProblem | null => {
  if (options.length === 0) return { kind: 'empty' };
  if (!choiceAllowedFor(column.dataType)) return { kind: 'notText' };
  if (options.length > MAX_CHOICE_OPTIONS) return { kind: 'tooMany', max: MAX_CHOICE_OPTIONS };
  const seen = new Set<string>();
  for (const option of options) {
    const value = typeof option.value === 'string' ? option.value.trim() : '';
    if (value === '') return { kind: 'blankValue' };
    if (value.length > MAX_CHOICE_VALUE_LENGTH)
      return { kind: 'valueTooLong', value: value.slice(0, 40), max: MAX_CHOICE_VALUE_LENGTH };
    if (seen.has(value)) return { kind: 'duplicate', value };
    seen.add(value);
    if (column.multipleValue && value.includes(CHOICE_SEPARATOR)) return { kind: 'separator', value };
    const color = option.color ?? null;
    if (
      color !== null &&
      color !== '' &&
      !HEX_COLOR.test(color) &&
      !(CHOICE_COLORS as readonly string[]).includes(color)
    )
      return { kind: 'color', value: color.slice(0, 40) };
  }
  return null;
};

/**
 * The values a cell holds: none for null or blank; one for a single choice column; for a multiple
 * choice column the comma list split (blank parts left out), or the array's entries.
 */
export const choiceValuesOf = (raw: unknown, multiple: boolean): string[] => {
  if (raw === null || raw === undefined) return [];
  const parts = Array.isArray(raw)
    ? raw.map((entry) => String(entry))
    : multiple
      ? String(raw).split(CHOICE_SEPARATOR)
      : [String(raw)];
  return parts.map((part) => part.trim()).filter((part) => part !== '');
};

/** Chosen values as stored: the single value, or the values joined by commas (null for none). */
export const choiceText = (values: readonly string[], multiple: boolean): string | null => {
  if (values.length === 0) return null;
  return multiple ? [...new Set(values)].join(CHOICE_SEPARATOR) : (values[0] as string);
};

/** The values of `values` that are not options of the column (empty: all allowed). */
export const unknownChoices = (values: readonly string[], options: readonly ChoiceOption[]): string[] => {
  const allowed = new Set(options.map((option) => option.value));
  return values.filter((value) => !allowed.has(value));
};

/** An option's caption in a language: its caption there, else in the other language, else its value. */
export const choiceCaption = (option: ChoiceOption, language: CaptionLanguage): string =>
  captionIn({ name: option.value, captions: option.captions ?? null }, language);

/**
 * The option a text stands for: its value, else (trimmed, case-insensitive) its value or caption
 * in either language (an imported cell may hold any of them).
 */
export const choiceOptionFor = (options: readonly ChoiceOption[], text: string): ChoiceOption | undefined => {
  const exact = options.find((option) => option.value === text);
  if (exact) return exact;
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return undefined;
  return (
    options.find((option) => option.value.toLowerCase() === wanted) ??
    options.find((option) =>
      Object.values(option.captions ?? {}).some((caption) => caption?.trim().toLowerCase() === wanted),
    )
  );
};
