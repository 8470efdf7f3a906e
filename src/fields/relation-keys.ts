import type { BusinessRecord } from '../business/lib/business-record';

/**
 * The keys of picked records that hold nothing but the relation's target column, when that column
 * is the related table's one-column key (so the records can be read by it); none otherwise.
 */
export const bareKeys = (
  picked: readonly BusinessRecord[],
  target: string,
  primaryNames: readonly string[],
): string[] => {
  if (target === '' || primaryNames.length !== 1 || primaryNames[0] !== target) return [];
  return picked
    .filter((record) => Object.keys(record).every((key) => key === target))
    .map((record) => record[target])
    .filter((key) => key !== undefined && key !== null && String(key).trim() !== '')
    .map(String);
};

/** The picked records, each bare one replaced by the loaded record with the same key, if any. */
export const withLoaded = (
  picked: readonly BusinessRecord[],
  target: string,
  loaded: readonly BusinessRecord[],
): BusinessRecord[] =>
  picked.map((record) => {
    if (Object.keys(record).some((key) => key !== target)) return record;
    return loaded.find((one) => String(one[target]) === String(record[target])) ?? record;
  });
