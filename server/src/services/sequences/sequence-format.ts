/** A counter format piece: literal text or the number with its zero padding / width. */
type Piece = { text: string } | { zero: boolean; width: number };

/**
 * Parses a counter format in the `String.format` style crudapi uses (`SO_%09d`, `ORD-%d`): one
 * `%d` with optional zero flag and width, `%%` for a percent sign. Undefined when invalid.
 */
export const parseCounterFormat = (format: string): Piece[] | undefined => {
  const pieces: Piece[] = [];
  let text = '';
  let numbers = 0;
  for (let i = 0; i < format.length; i++) {
    const char = format[i];
    if (char !== '%') {
      text += char;
      continue;
    }
    if (format[i + 1] === '%') {
      text += '%';
      i++;
      continue;
    }
    const match = /^%(0?)([1-9]\d?)?d/.exec(format.slice(i));
    if (!match) return undefined;
    if (text) pieces.push({ text });
    text = '';
    pieces.push({ zero: match[1] === '0', width: Number(match[2] ?? 0) });
    numbers++;
    i += match[0].length - 1;
  }
  if (text) pieces.push({ text });
  return numbers === 1 ? pieces : undefined;
};

/** The counter value written with its format (`%05d` of -42 is `-0042`, as in Java). */
export const formatCounter = (format: string, value: number): string => {
  const pieces = parseCounterFormat(format);
  if (!pieces) return String(value);
  return pieces
    .map((piece) => {
      if ('text' in piece) return piece.text;
      const sign = value < 0 ? '-' : '';
      const digits = String(Math.abs(value));
      const width = Math.max(piece.width - sign.length, 0);
      return piece.zero ? sign + digits.padStart(width, '0') : (sign + digits).padStart(piece.width, ' ');
    })
    .join('');
};

const FIELDS: Record<string, (date: Date) => number> = {
  y: (date) => date.getFullYear(),
  M: (date) => date.getMonth() + 1,
  d: (date) => date.getDate(),
  H: (date) => date.getHours(),
  m: (date) => date.getMinutes(),
  s: (date) => date.getSeconds(),
  S: (date) => date.getMilliseconds(),
};

type TimePiece = { text: string } | { field: string; width: number };

/**
 * Parses a time format in the Joda / SimpleDateFormat style of crudapi (`'SO'yyyyMMddHHmmssSSS`):
 * y M d H m s S repeated for width, text in single quotes ('' is a quote), other non-letters as
 * they are. Undefined when it uses another letter or leaves a quote open.
 */
export const parseTimeFormat = (format: string): TimePiece[] | undefined => {
  const pieces: TimePiece[] = [];
  let i = 0;
  while (i < format.length) {
    const char = format[i] as string;
    if (char === "'") {
      if (format[i + 1] === "'") {
        pieces.push({ text: "'" });
        i += 2;
        continue;
      }
      let text = '';
      let j = i + 1;
      for (; j < format.length; j++) {
        if (format[j] !== "'") text += format[j];
        else if (format[j + 1] === "'") text += format[++j];
        else break;
      }
      if (j >= format.length) return undefined;
      pieces.push({ text });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z]/.test(char)) {
      if (!(char in FIELDS)) return undefined;
      let width = 1;
      while (format[i + width] === char) width++;
      pieces.push({ field: char, width });
      i += width;
      continue;
    }
    pieces.push({ text: char });
    i++;
  }
  return pieces.some((piece) => 'field' in piece) ? pieces : undefined;
};

export const DEFAULT_TIME_FORMAT = 'yyyyMMddHHmmssSSS';

/** An instant written with a time format, in the server's time zone. */
export const formatTime = (format: string, epochMillis: number): string => {
  const pieces = parseTimeFormat(format) ?? parseTimeFormat(DEFAULT_TIME_FORMAT) ?? [];
  const date = new Date(epochMillis);
  return pieces
    .map((piece) => {
      if ('text' in piece) return piece.text;
      const value = (FIELDS[piece.field] as (date: Date) => number)(date);
      if (piece.field === 'y' && piece.width === 2) return String(value % 100).padStart(2, '0');
      if (piece.field === 'S') return String(value).padStart(3, '0').slice(0, Math.max(piece.width, 3));
      return String(value).padStart(piece.width, '0');
    })
    .join('');
};
