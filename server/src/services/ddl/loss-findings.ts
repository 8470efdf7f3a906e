import type { Knex } from 'knex';
import type { Dialect } from '../../dialects/column-type';
import { lossCondition, repairValue } from '../../dialects/loss-sql';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { metadataMessage } from '../../i18n/metadata-messages';
import { toNumber } from '../../db/values';
import type { LossCheck } from '../../model/schema-op';

export interface LossFinding {
  check: LossCheck;
  /** Rows (or, for duplicates, groups of rows) affected. */
  count: number;
}

const countOf = (row: unknown): number => toNumber((row as { n?: unknown } | undefined)?.n ?? 0);

const countRows = async (db: Knex, dialect: Dialect, check: LossCheck): Promise<number> => {
  const { condition } = check;
  if (condition.kind === 'rows') return countOf(await db(check.table).count({ n: '*' }).first());
  if (condition.kind === 'duplicates') {
    const groups = db(check.table)
      .select(condition.columns)
      .groupBy(condition.columns)
      .havingRaw('count(*) > 1');
    for (const column of condition.columns) groups.whereNotNull(column);
    return countOf(await db.count({ n: '*' }).from(groups.as('d')).first());
  }
  const where = lossCondition(dialect, check.column ?? '', condition);
  if (!where) return 0;
  return countOf(await db(check.table).whereRaw(where.sql, where.bindings).count({ n: '*' }).first());
};

/** Runs every check; returns those that found rows. */
export const findLosses = async (
  db: Knex,
  dialect: Dialect,
  checks: readonly LossCheck[],
): Promise<LossFinding[]> => {
  const findings: LossFinding[] = [];
  for (const check of checks) {
    const count = await countRows(db, dialect, check);
    if (count > 0) findings.push({ check, count });
  }
  return findings;
};

const reason = ({ check, count }: LossFinding): Localized => {
  const { condition } = check;
  switch (condition.kind) {
    case 'tooLong':
      return metadataMessage('lossTooLong', { count, limit: condition.limit });
    case 'outOfRange':
      return metadataMessage('lossOutOfRange', { count });
    case 'fraction':
      return metadataMessage('lossFraction', { count });
    case 'text':
      return metadataMessage('lossNotConvertible', { count, type: condition.type });
    case 'timePart':
      return metadataMessage('lossTimePart', { count });
    case 'nulls':
      return metadataMessage('lossNulls', { count });
    case 'rows':
      return metadataMessage('lossRowsWithoutValue', { count });
    case 'values':
      return condition.reason === 'drop'
        ? metadataMessage('lossDrop', { count })
        : metadataMessage('lossNotConvertible', { count, type: condition.type });
    case 'duplicates':
      return metadataMessage('lossDuplicates', { count });
  }
};

const byLabel = (findings: readonly LossFinding[]): Record<string, Localized> => {
  const errors: Record<string, Localized> = {};
  for (const finding of findings) {
    const message = reason(finding);
    const previous = errors[finding.check.label];
    errors[finding.check.label] = previous
      ? { zh: `${previous.zh}；${message.zh}`, en: `${previous.en}; ${message.en}` }
      : message;
  }
  return errors;
};

/**
 * 409 unless the findings allow the change: duplicates under a new unique index always refuse;
 * any other loss refuses unless the request confirmed it. `errors` maps each column to its rows.
 */
export const assertLossAllowed = (findings: readonly LossFinding[], confirmed: boolean): void => {
  const blocking = findings.filter((finding) => finding.check.condition.kind === 'duplicates');
  if (blocking.length > 0) {
    const columns = blocking.map((finding) => finding.check.label).join(', ');
    throw new ApiException('CONFLICT', metadataMessage('uniqueConflict', { columns }), byLabel(blocking));
  }
  if (findings.length === 0 || confirmed) return;
  const columns = [...new Set(findings.map((finding) => finding.check.label))].join(', ');
  throw new ApiException('CONFLICT', metadataMessage('dataLoss', { columns }), byLabel(findings));
};

/** Makes the rows of confirmed findings fit the new definition (truncate, round, replace). */
export const applyRepairs = async (
  db: Knex,
  dialect: Dialect,
  findings: readonly LossFinding[],
): Promise<void> => {
  for (const { check } of findings) {
    if (!check.repair || !check.column) continue;
    const where = lossCondition(dialect, check.column, check.condition);
    if (!where) continue;
    await db(check.table)
      .whereRaw(where.sql, where.bindings)
      .update({ [check.column]: repairValue(db, dialect, check.column, check.repair) });
  }
};
