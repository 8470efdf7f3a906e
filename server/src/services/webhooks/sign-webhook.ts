import { createHmac } from 'node:crypto';

/** The header a receiver checks a delivery's origin and freshness with. */
export const SIGNATURE_HEADER = 'X-Crudboard-Signature';

/**
 * The signature of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * webhook's secret. The time is inside the signed text, so a receiver that refuses old times
 * refuses a replayed delivery.
 */
export const signWebhook = (secret: string, body: string, at: Date): string => {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
};
