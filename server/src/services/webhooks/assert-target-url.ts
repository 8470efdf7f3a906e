import { systemTableMessage } from '../../i18n/system-table-messages';
import { invalidFields } from '../system-tables/rule-errors';
import type { WebhookAllowList } from './webhook-allow-list';
import { checkWebhookTarget } from './webhook-target';

/**
 * The `url` a webhook or schedule saves, when it sets one: an http(s) URL whose host resolves to
 * public addresses only, unless `WEBHOOK_ALLOW_PRIVATE` allows it; otherwise a 400 on `url` saying
 * why (not a URL, a private address, a host not found). `optional`: a blank one passes (a schedule
 * that runs SQL has none).
 */
export const assertTargetUrl = async (
  values: Record<string, unknown>,
  path: string,
  allow: WebhookAllowList,
  optional = false,
): Promise<void> => {
  if (!Object.hasOwn(values, 'url')) return;
  const url = values.url;
  if (optional && (url === null || url === undefined || String(url).trim() === '')) return;
  const checked = await checkWebhookTarget(String(url ?? ''), allow);
  if (checked.ok) return;
  let host = '';
  try {
    host = new URL(String(url)).hostname;
  } catch {
    // not a URL: the message says what one looks like
  }
  throw invalidFields(path, {
    url:
      checked.reason === 'private'
        ? systemTableMessage('webhookPrivate')
        : checked.reason === 'unresolved'
          ? systemTableMessage('webhookUnresolved', { host: host.slice(0, 200) })
          : systemTableMessage('webhookUrl'),
  });
};
