import type { AfterCommitEvent } from '../sdk';
import { notificationOf, parseTables, type NotifyTables } from './notify-body';
import { notifySettings } from './notify-settings';
import { sendNotification } from './send-notification';

/** The last `TABLES` text read, and what it says (read again only when it changes: never, after start). */
let parsed: { text: string; tables: NotifyTables } = { text: '', tables: [] };

const tablesOf = (text: string): NotifyTables => {
  if (parsed.text !== text) parsed = { text, tables: parseTables(text) };
  return parsed.tables;
};

/**
 * The tables the hook watches: none without a URL (an idle extension keeps no write's changes),
 * else those of `TABLES`.
 */
export const notifyTables = (): NotifyTables => {
  const settings = notifySettings.get();
  return settings.URL === undefined ? [] : tablesOf(settings.TABLES);
};

/**
 * After each committed write: one POST of its changes of the configured tables, or nothing (no
 * URL, no table of the write configured). Waits for the receiver (at most `TIMEOUT_MS`): the write's
 * answer waits with it. A failure is counted and logged, never thrown.
 */
export const notifyAfterCommit = async (event: AfterCommitEvent): Promise<void> => {
  const settings = notifySettings.get();
  if (settings.URL === undefined) return;
  const tables = tablesOf(settings.TABLES);
  if (tables !== '*' && tables.length === 0) return;
  try {
    const body = notificationOf(event, tables);
    if (body === null) return;
    const outcome = await sendNotification(settings, body);
    if (outcome.error !== null)
      event.log.warn(
        { extension: 'notify', status: outcome.status, error: outcome.error, requestId: event.requestId },
        'change notification not delivered',
      );
  } catch (error) {
    event.log.error({ extension: 'notify', err: error }, 'change notification failed');
  }
};
