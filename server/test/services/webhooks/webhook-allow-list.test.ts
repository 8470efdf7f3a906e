/** The allow list of private webhook targets: what WEBHOOK_ALLOW_PRIVATE accepts and what it lets through. */
import { describe, expect, it } from 'vitest';
import { isAllowedPrivate, parseWebhookAllowList } from '../../../src/services/webhooks/webhook-allow-list';

describe('parseWebhookAllowList', () => {
  it('reads nothing from an absent or blank setting', () => {
    for (const text of [undefined, '', '   ', ',', ' , ,']) {
      const list = parseWebhookAllowList(text);
      expect(isAllowedPrivate(list, '127.0.0.1', '127.0.0.1')).toBe(false);
      expect(isAllowedPrivate(list, 'localhost', '::1')).toBe(false);
    }
  });

  it('reads host names, addresses and ranges, with spaces and empty entries around them', () => {
    const list = parseWebhookAllowList(' 127.0.0.1, 10.0.0.0/8 ,,receiver.local,::1, fd00::/8,');
    expect(isAllowedPrivate(list, 'anything.test', '127.0.0.1')).toBe(true);
    expect(isAllowedPrivate(list, 'anything.test', '10.200.3.4')).toBe(true);
    expect(isAllowedPrivate(list, 'anything.test', '::1')).toBe(true);
    expect(isAllowedPrivate(list, 'anything.test', 'fd12:3456::1')).toBe(true);
    expect(isAllowedPrivate(list, 'receiver.local', '192.168.1.9')).toBe(true);

    expect(isAllowedPrivate(list, 'anything.test', '127.0.0.2')).toBe(false);
    expect(isAllowedPrivate(list, 'anything.test', '11.0.0.1')).toBe(false);
    expect(isAllowedPrivate(list, 'anything.test', '169.254.169.254')).toBe(false);
    expect(isAllowedPrivate(list, 'anything.test', 'fe80::1')).toBe(false);
  });

  it('compares host names without case, exactly (no subdomains), a final dot aside', () => {
    const list = parseWebhookAllowList('Receiver.LOCAL,hooks_1.internal');
    expect(isAllowedPrivate(list, 'receiver.local', '10.0.0.1')).toBe(true);
    expect(isAllowedPrivate(list, 'RECEIVER.local.', '10.0.0.1')).toBe(true);
    expect(isAllowedPrivate(list, 'hooks_1.internal', '10.0.0.1')).toBe(true);
    expect(isAllowedPrivate(list, 'x.receiver.local', '10.0.0.1')).toBe(false);
    expect(isAllowedPrivate(list, 'receiver.local.evil.test', '10.0.0.1')).toBe(false);
    expect(isAllowedPrivate(list, 'receiver', '10.0.0.1')).toBe(false);
  });

  it('matches an IPv4 entry in its IPv4-mapped IPv6 form, and IPv6 entries in any spelling', () => {
    const list = parseWebhookAllowList('127.0.0.1,0:0:0:0:0:0:0:1,192.168.0.0/16,::ffff:10.0.0.0/104');
    expect(isAllowedPrivate(list, 'h.test', '::ffff:127.0.0.1')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '::ffff:7f00:1')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '::ffff:192.168.3.4')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '::1')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '10.4.5.6')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '::ffff:10.4.5.6')).toBe(true);
    expect(isAllowedPrivate(list, 'h.test', '::2')).toBe(false);
  });

  it('lets an address given as the host (a URL with an IP) through by the address entries only', () => {
    const list = parseWebhookAllowList('10.0.0.0/8');
    expect(isAllowedPrivate(list, '10.1.1.1', '10.1.1.1')).toBe(true);
    expect(isAllowedPrivate(list, '[::1]', '::1')).toBe(false);
  });

  it('never matches something that is not an address', () => {
    const list = parseWebhookAllowList('10.0.0.0/8');
    expect(isAllowedPrivate(list, 'h.test', 'not an address')).toBe(false);
    expect(isAllowedPrivate(list, 'h.test', '')).toBe(false);
  });

  it.each([
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.1/abc',
    '10.0.0.1/',
    '/8',
    '300.1.1.1',
    '127.1',
    '2130706433',
    'http://receiver.local',
    'receiver.local:8080',
    'receiver.local/path',
    'exa mple.test',
    '*.example.test',
    'a..b',
    '-bad.test',
    'bad-.test',
    '[::1]',
    'é.test',
  ])('refuses the bad entry %j and names it', (entry) => {
    expect(() => parseWebhookAllowList(`127.0.0.1,${entry},receiver.local`)).toThrow(entry);
  });
});
