import { SIGNATURE_HEADER, signWebhook } from '../../services/webhooks/sign-webhook';
import { parseWebhookAllowList } from '../../services/webhooks/webhook-allow-list';
import { sendWebhook } from '../../services/webhooks/send-webhook';
import { countOutcome } from './notify-counters';
import { shownError, type NotifyBody } from './notify-body';
import type { NotifySettings } from './notify-settings';

/** What one call came to: the receiver's status (null without an answer) and, unless 2xx, why. */
export interface NotifyOutcome {
  status: number | null;
  /** null when the receiver answered 2xx. */
  error: string | null;
}

/**
 * The private addresses a call may reach: the configured host itself (the administrator named it
 * in the environment), so a receiver on the same machine or network works; a redirect to another
 * private address is still refused.
 */
const allowListOf = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  return parseWebhookAllowList(host);
};

/**
 * POSTs one body as JSON to the configured URL, signed with the secret when there is one (the
 * `X-Crudboard-Signature` of crudboard's webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`), through crudboard's checked outbound call (one time limit, redirects checked).
 * Counts the outcome; never throws.
 */
export const sendNotification = async (
  settings: NotifySettings,
  notification: NotifyBody,
): Promise<NotifyOutcome> => {
  const url = settings.URL;
  if (url === undefined) return { status: null, error: 'no URL is configured' };
  const at = new Date();
  let outcome: NotifyOutcome;
  try {
    const body = JSON.stringify(notification);
    const answer = await sendWebhook(
      {
        url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'crudboard-notify',
          ...(settings.SECRET ? { [SIGNATURE_HEADER]: signWebhook(settings.SECRET, body, at) } : {}),
        },
        body,
        timeoutMs: settings.TIMEOUT_MS,
      },
      allowListOf(url),
    );
    outcome =
      answer.status === null
        ? { status: null, error: answer.error ?? 'no answer' }
        : answer.status >= 200 && answer.status < 300
          ? { status: answer.status, error: null }
          : { status: answer.status, error: `HTTP ${String(answer.status)}` };
  } catch (error) {
    outcome = { status: null, error: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.error !== null) {
    const search = URL.canParse(url) ? new URL(url).search : '';
    outcome = {
      ...outcome,
      error: shownError(outcome.error, [url, search.length > 1 ? search : '', settings.SECRET]),
    };
  }
  countOutcome(outcome.error, at);
  return outcome;
};
