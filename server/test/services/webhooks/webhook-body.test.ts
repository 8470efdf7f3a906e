import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_BODY_BYTES,
  webhookBody,
  type WebhookPayload,
} from '../../../src/services/webhooks/webhook-payload';

const payload = (note: string, previous = true): WebhookPayload => ({
  eventId: 'e-1',
  action: 'update',
  table: 'parcel',
  dataSource: 'primary',
  key: { id: 7 },
  record: { id: 7, note },
  previous: previous ? { id: 7, note: 'old' } : null,
  user: { id: 1, username: 'superadmin', name: '管理员' },
  at: '2026-11-30T10:00:00.000Z',
});

describe('webhookBody', () => {
  it('sends a record whole up to the limit', () => {
    const body = webhookBody(payload('short'));
    expect(JSON.parse(body)).toEqual(payload('short'));
  });

  it('cuts a larger one to its key, says so, and stays under the limit (counted in bytes, not characters)', () => {
    // three bytes a character: under the limit in characters, over it in bytes
    const note = '汉'.repeat(Math.ceil(MAX_WEBHOOK_BODY_BYTES / 3) + 10);
    expect(note.length).toBeLessThan(MAX_WEBHOOK_BODY_BYTES);
    const body = webhookBody(payload(note));
    expect(Buffer.byteLength(body)).toBeLessThan(1000);
    expect(JSON.parse(body)).toEqual({
      ...payload(''),
      record: { id: 7 },
      previous: { id: 7 },
      truncated: true,
    });
    // a create's previous stays null
    expect(JSON.parse(webhookBody(payload(note, false))).previous).toBeNull();
  });
});
