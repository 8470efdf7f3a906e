import type { LatestChange } from '../../../contract';
import { formatTemporal } from './business-cells';

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * "超级管理员 修改于 2026-11-28 10:00:00": who last changed a record, how and when, for a list row's
 * hover (businessList.lastChange.<action>); a user without a name shows as `unknown`.
 */
export const lastChangeText = (change: LatestChange, t: Translate, unknown: string): string =>
  t(`businessList.lastChange.${change.action}`, {
    user: change.user.name ?? (change.user.id === null ? unknown : `#${change.user.id}`),
    time: formatTemporal('DATETIME', change.time),
  });
