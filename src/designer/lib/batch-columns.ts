import { freeColumnNames } from './column-draft';

export interface BatchColumnEntry {
  name: string;
  caption: string;
}

/** Separators of the batch-add text: commas (also full-width and ideographic), newlines. */
const SEPARATORS = /[,，、\r\n]+/;
/** `name:caption`, with an ASCII or a full-width colon. */
const NAMED = /^([^:：]*)[:：](.*)$/;

/**
 * The batch-add dialog's text → new columns. Entries are separated by commas (`,` `，` `、`) or
 * newlines and trimmed; blank entries are skipped. An entry `name:caption` gives that name; any
 * other entry is a caption and gets the next free generated name (`col1`, `col2`, ..., skipping
 * names already in the grid or earlier in the text, case-insensitively).
 */
export const parseBatchColumns = (text: string, takenNames: readonly string[] = []): BatchColumnEntry[] => {
  const parts = text
    .split(SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = NAMED.exec(part);
      if (!match) return { name: '', caption: part };
      const name = (match[1] ?? '').trim();
      const caption = (match[2] ?? '').trim();
      return { name, caption: caption || name };
    })
    .filter((entry) => entry.name || entry.caption);
  const explicit = parts.map((entry) => entry.name).filter(Boolean);
  const generated = freeColumnNames(
    [...takenNames, ...explicit],
    parts.filter((entry) => !entry.name).length,
  );
  let next = 0;
  return parts.map((entry) => {
    if (entry.name) return entry;
    const name = generated[next] as string;
    next += 1;
    return { name, caption: entry.caption };
  });
};
