/**
 * The check of a webhook URL when it is saved: which URLs an attacker could aim at the server's own
 * network are refused, with a name lookup of our own making so that no real DNS is asked.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseWebhookAllowList } from '../../../src/services/webhooks/webhook-allow-list';
import {
  checkWebhookTarget,
  type HostLookup,
  type ResolvedAddress,
} from '../../../src/services/webhooks/webhook-target';

const NONE = parseWebhookAllowList(undefined);

/** A name lookup that answers from a table, like DNS would; unknown names are not found. */
const lookupFrom = (table: Record<string, readonly string[]>): HostLookup =>
  vi.fn(async (host: string): Promise<readonly ResolvedAddress[]> => {
    const addresses = table[host];
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });

const PUBLIC = lookupFrom({
  'hooks.example.com': ['93.184.215.14'],
  'dual.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80ad:6711:b7e0'],
});

describe('checkWebhookTarget', () => {
  it('accepts http and https URLs of hosts with public addresses only', async () => {
    for (const url of [
      'https://hooks.example.com/in',
      'http://hooks.example.com:8080/in?x=1',
      'https://dual.example.com/',
      'https://8.8.8.8/',
      'https://[2606:4700:4700::1111]/',
    ]) {
      expect(await checkWebhookTarget(url, NONE, PUBLIC), url).toEqual({ ok: true });
    }
  });

  it('refuses what is not a URL, and a user or password in the URL', async () => {
    for (const url of [
      '',
      'not a url',
      'http://',
      'http://user:pw@hooks.example.com/',
      'http://user@hooks.example.com/',
      'https://:pw@hooks.example.com/',
    ]) {
      expect(await checkWebhookTarget(url, NONE, PUBLIC), url).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of [
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'gopher://hooks.example.com:70/_x',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'ws://hooks.example.com/',
    ]) {
      expect(await checkWebhookTarget(url, NONE, PUBLIC), url).toEqual({ ok: false, reason: 'scheme' });
    }
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://198.18.0.1/',
    'http://192.0.2.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
  ])('refuses the private address in %s without asking DNS', async (url) => {
    const lookup = lookupFrom({});
    expect(await checkWebhookTarget(url, NONE, lookup)).toEqual({ ok: false, reason: 'private' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses a public-looking host name that resolves to a private address', async () => {
    const lookup = lookupFrom({
      'hooks.example.com': ['127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
      'six.example.com': ['::1'],
    });
    for (const host of [
      'hooks.example.com',
      'metadata.example.com',
      'mapped.example.com',
      'six.example.com',
    ]) {
      expect(await checkWebhookTarget(`https://${host}/in`, NONE, lookup), host).toEqual({
        ok: false,
        reason: 'private',
      });
    }
  });

  it('refuses a host when any one of its addresses is private', async () => {
    const lookup = lookupFrom({ 'hooks.example.com': ['93.184.215.14', '10.0.0.5'] });
    expect(await checkWebhookTarget('https://hooks.example.com/', NONE, lookup)).toEqual({
      ok: false,
      reason: 'private',
    });
  });

  it('refuses localhost through the real name lookup', async () => {
    expect(await checkWebhookTarget('http://localhost:3000/', NONE)).toEqual({
      ok: false,
      reason: 'private',
    });
  });

  it('says a host that does not resolve is unresolved', async () => {
    expect(await checkWebhookTarget('https://nowhere.example.com/', NONE, lookupFrom({}))).toEqual({
      ok: false,
      reason: 'unresolved',
    });
    expect(
      await checkWebhookTarget('https://empty.example.com/', NONE, lookupFrom({ 'empty.example.com': [] })),
    ).toEqual({ ok: false, reason: 'unresolved' });
  });

  it('lets private targets of the allow list through: by host name, by address, by range', async () => {
    const allow = parseWebhookAllowList('RECEIVER.local,127.0.0.1,10.0.0.0/8,fd00::/8');
    const lookup = lookupFrom({
      'receiver.local': ['192.168.5.5', '169.254.1.1'],
      'inside.corp': ['10.20.30.40'],
      'six.corp': ['fd00::5'],
      'other.corp': ['192.168.5.5'],
    });
    for (const url of [
      'http://receiver.local:9000/hook',
      'http://Receiver.Local/hook',
      'http://inside.corp/hook',
      'http://six.corp/hook',
      'http://127.0.0.1:4000/hook',
      'http://10.9.8.7/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      expect(await checkWebhookTarget(url, allow, lookup), url).toEqual({ ok: true });
    }
    expect(await checkWebhookTarget('http://other.corp/', allow, lookup)).toEqual({
      ok: false,
      reason: 'private',
    });
    expect(await checkWebhookTarget('http://127.0.0.2/', allow, lookup)).toEqual({
      ok: false,
      reason: 'private',
    });
  });
});
