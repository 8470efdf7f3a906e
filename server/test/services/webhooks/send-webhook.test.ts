/**
 * Outbound webhook calls against a real HTTP receiver on 127.0.0.1: an attacker who controls a
 * webhook's URL, its DNS answers or the receiver's redirects must not reach the server's own
 * network, a slow receiver must not hold a call past its time limit, and a large answer must not
 * be kept whole.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendWebhook, type WebhookRequest } from '../../../src/services/webhooks/send-webhook';
import { parseWebhookAllowList } from '../../../src/services/webhooks/webhook-allow-list';
import type { HostLookup, ResolvedAddress } from '../../../src/services/webhooks/webhook-target';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  port: number;
  /** `http://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  /** The requests that reached the receiver, whole. */
  received: Received[];
  /** Answers whose connection closed before they were all sent. */
  cutAnswers: number;
}

type Answer = (request: Received, response: ServerResponse) => void;

const servers: http.Server[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A receiver on 127.0.0.1 that records each request and answers it with `answer`. */
const startReceiver = async (answer: Answer): Promise<Receiver> => {
  const received: Received[] = [];
  const receiver: Receiver = { port: 0, url: () => '', received, cutAnswers: 0 };
  const server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const whole: Received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(whole);
      response.on('close', () => {
        if (!response.writableFinished) receiver.cutAnswers += 1;
      });
      answer(whole, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  receiver.port = address.port;
  receiver.url = (path = '/') => `http://127.0.0.1:${address.port}${path}`;
  return receiver;
};

const ok: Answer = (_request, response) => {
  response.end('ok');
};

const redirectTo =
  (location: (request: Received) => string | null, status = 302): Answer =>
  (request, response) => {
    const target = location(request);
    if (target === null) {
      response.end(`reached ${request.url}`);
      return;
    }
    response.writeHead(status, { location: target }).end();
  };

/** A name lookup that answers from a table; unknown names are not found. */
const lookupFrom = (table: Record<string, readonly string[]>): HostLookup =>
  vi.fn(async (host: string): Promise<readonly ResolvedAddress[]> => {
    const addresses = table[host];
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });

const NONE = parseWebhookAllowList(undefined);
const LOOPBACK = parseWebhookAllowList('127.0.0.1');

const request = (url: string, more: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"event":"record.created"}',
  timeoutMs: 5000,
  ...more,
});

/** Runs `call`, and tells how long it took in ms. */
const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await call();
  return [result, performance.now() - start];
};

describe('sendWebhook refuses private targets', () => {
  it('refuses loopback without an allow list, and the receiver sees no request', async () => {
    const receiver = await startReceiver(ok);
    const result = await sendWebhook(request(receiver.url('/hook')), NONE);
    expect(result).toEqual({ status: null, body: '', error: 'refused: 127.0.0.1 is a private address' });
    expect(receiver.received).toEqual([]);
  });

  it('refuses the cloud metadata address at once, without opening a connection', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const [result, ms] = await timed(() =>
      sendWebhook(request('http://169.254.169.254/latest/meta-data/', { timeoutMs: 10_000 }), NONE),
    );
    expect(result).toEqual({
      status: null,
      body: '',
      error: 'refused: 169.254.169.254 is a private address',
    });
    expect(connect).not.toHaveBeenCalled();
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a host name that resolves to loopback (localhost), and the receiver sees no request', async () => {
    const receiver = await startReceiver(ok);
    const result = await sendWebhook(request(`http://localhost:${receiver.port}/hook`), NONE);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^refused: (127\.0\.0\.1|::1) is a private address$/);
    expect(receiver.received).toEqual([]);
  });

  it('checks the address at connection time: a name that was public when saved and now resolves to loopback is refused', async () => {
    const receiver = await startReceiver(ok);
    const rebound = lookupFrom({ 'hooks.example.com': ['127.0.0.1'] });
    const result = await sendWebhook(
      request(`http://hooks.example.com:${receiver.port}/hook`),
      NONE,
      rebound,
    );
    expect(result).toEqual({ status: null, body: '', error: 'refused: 127.0.0.1 is a private address' });
    expect(rebound).toHaveBeenCalled();
    expect(receiver.received).toEqual([]);
  });

  it('checks the address of an https call the same way, before any TLS handshake', async () => {
    const receiver = await startReceiver(ok);
    const rebound = lookupFrom({ 'hooks.example.com': ['127.0.0.1'] });
    const result = await sendWebhook(
      request(`https://hooks.example.com:${receiver.port}/hook`),
      NONE,
      rebound,
    );
    expect(result).toEqual({ status: null, body: '', error: 'refused: 127.0.0.1 is a private address' });
    expect(rebound).toHaveBeenCalledWith('hooks.example.com');
    expect(receiver.received).toEqual([]);
  });

  it('refuses a host name when any of its addresses is private', async () => {
    const receiver = await startReceiver(ok);
    const lookup = lookupFrom({ 'hooks.example.com': ['93.184.215.14', '127.0.0.1'] });
    const result = await sendWebhook(request(`http://hooks.example.com:${receiver.port}/`), NONE, lookup);
    expect(result.error).toBe('refused: 127.0.0.1 is a private address');
    expect(receiver.received).toEqual([]);
  });

  it('refuses an IPv4-mapped IPv6 loopback address, and the receiver sees no request', async () => {
    const receiver = await startReceiver(ok);
    const result = await sendWebhook(request(`http://[::ffff:127.0.0.1]:${receiver.port}/hook`), NONE);
    expect(result.status).toBeNull();
    expect(result.error).toBe('refused: ::ffff:7f00:1 is a private address');
    expect(receiver.received).toEqual([]);
  });

  it('refuses IPv6 loopback', async () => {
    const result = await sendWebhook(request('http://[::1]:9/hook'), NONE);
    expect(result).toEqual({ status: null, body: '', error: 'refused: ::1 is a private address' });
  });

  it('refuses a user and password in the URL, and the receiver sees no request', async () => {
    const receiver = await startReceiver(ok);
    const result = await sendWebhook(request(`http://user:pw@127.0.0.1:${receiver.port}/`), LOOPBACK);
    expect(result).toEqual({
      status: null,
      body: '',
      error: 'invalid url: a user or password is not allowed',
    });
    expect(receiver.received).toEqual([]);
  });

  it('refuses other schemes, and what is not a URL', async () => {
    expect(await sendWebhook(request('ftp://127.0.0.1/file'), LOOPBACK)).toEqual({
      status: null,
      body: '',
      error: 'refused: scheme ftp: is not allowed',
    });
    expect(await sendWebhook(request('file:///etc/passwd'), LOOPBACK)).toEqual({
      status: null,
      body: '',
      error: 'refused: scheme file: is not allowed',
    });
    expect(await sendWebhook(request('not a url'), LOOPBACK)).toEqual({
      status: null,
      body: '',
      error: 'invalid url',
    });
  });

  it('says a host that does not resolve is unresolved', async () => {
    const result = await sendWebhook(request('http://nowhere.example.com/'), NONE, lookupFrom({}));
    expect(result).toEqual({ status: null, body: '', error: 'unresolved: nowhere.example.com' });
  });
});

describe('sendWebhook checks every redirect', () => {
  it('refuses a redirect from an allowed receiver to 10.0.0.1 by the check, not by a network timeout', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const receiver = await startReceiver(redirectTo(() => 'http://10.0.0.1/admin'));
    const [result, ms] = await timed(() =>
      sendWebhook(request(receiver.url('/hook'), { method: 'GET', body: '', timeoutMs: 10_000 }), LOOPBACK),
    );
    expect(result).toEqual({
      status: null,
      body: '',
      error: 'refused redirect: 10.0.0.1 is a private address',
    });
    expect(ms).toBeLessThan(1000);
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('refuses a redirect from an allowed receiver to IPv6 loopback', async () => {
    const receiver = await startReceiver(
      redirectTo((r) => (r.url === '/hook' ? `http://[::1]:${receiver.port}/inside` : null), 307),
    );
    const result = await sendWebhook(request(receiver.url('/hook')), LOOPBACK);
    expect(result.error).toBe('refused redirect: ::1 is a private address');
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
  });

  it('refuses a redirect to a name that resolves to a private address at connection time', async () => {
    const allow = parseWebhookAllowList('receiver.test');
    const lookup = lookupFrom({ 'receiver.test': ['127.0.0.1'], 'inside.test': ['127.0.0.1'] });
    const receiver = await startReceiver(
      redirectTo((r) => (r.url === '/hook' ? `http://inside.test:${receiver.port}/inside` : null)),
    );
    const result = await sendWebhook(request(`http://receiver.test:${receiver.port}/hook`), allow, lookup);
    expect(result.error).toBe('refused redirect: 127.0.0.1 is a private address');
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
  });

  it('refuses a redirect to another scheme', async () => {
    const receiver = await startReceiver(redirectTo(() => 'ftp://127.0.0.1/file'));
    const result = await sendWebhook(request(receiver.url('/hook')), LOOPBACK);
    expect(result.error).toBe('refused redirect: scheme ftp: is not allowed');
  });

  it('follows redirects on an allowed receiver', async () => {
    const receiver = await startReceiver(
      redirectTo((r) => ({ '/a': '/b', '/b': receiver.url('/c') })[r.url] ?? null, 301),
    );
    const result = await sendWebhook(request(receiver.url('/a'), { method: 'GET', body: '' }), LOOPBACK);
    expect(result).toEqual({ status: 200, body: 'reached /c', error: null });
    expect(receiver.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /a', 'GET /b', 'GET /c']);
  });

  it('turns a POST into a GET without a body on 303 only; 301, 302, 307 and 308 keep the method and body', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const receiver = await startReceiver(redirectTo((r) => (r.url === '/a' ? '/b' : null), status));
      const result = await sendWebhook(request(receiver.url('/a')), LOOPBACK);
      expect(result, String(status)).toEqual({ status: 200, body: 'reached /b', error: null });
      const second = receiver.received[1];
      if (status === 303) {
        expect(second?.method).toBe('GET');
        expect(second?.body).toBe('');
        expect(second?.headers['content-type']).toBeUndefined();
      } else {
        expect(second?.method, String(status)).toBe('POST');
        expect(second?.body).toBe('{"event":"record.created"}');
        expect(second?.headers['content-type']).toBe('application/json');
      }
    }
  });

  it('stops after maxRedirects', async () => {
    const receiver = await startReceiver(redirectTo(() => '/loop'));
    const result = await sendWebhook(request(receiver.url('/loop'), { maxRedirects: 2 }), LOOPBACK);
    expect(result).toEqual({ status: null, body: '', error: 'too many redirects' });
    expect(receiver.received).toHaveLength(3);

    const defaults = await startReceiver(redirectTo(() => '/loop'));
    expect((await sendWebhook(request(defaults.url('/loop')), LOOPBACK)).error).toBe('too many redirects');
    expect(defaults.received).toHaveLength(4);
  });

  it('answers a redirect without a location as it is', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(302).end('moved, somewhere');
    });
    expect(await sendWebhook(request(receiver.url('/')), LOOPBACK)).toEqual({
      status: 302,
      body: 'moved, somewhere',
      error: null,
    });
  });

  it('does not send credentials to another origin on a redirect', async () => {
    const allow = parseWebhookAllowList('127.0.0.1,receiver.test,other.test');
    const lookup = lookupFrom({ 'receiver.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const receiver = await startReceiver(
      redirectTo((r) => ({ '/a': '/b', '/b': `http://other.test:${receiver.port}/c` })[r.url] ?? null, 307),
    );
    const result = await sendWebhook(
      request(`http://receiver.test:${receiver.port}/a`, {
        headers: { authorization: 'Bearer secret', 'x-crudboard-signature': 't=1,v1=ab' },
      }),
      allow,
      lookup,
    );
    expect(result.status).toBe(200);
    const auth = receiver.received.map((r) => [r.url, r.headers.authorization ?? null]);
    expect(auth).toEqual([
      ['/a', 'Bearer secret'],
      ['/b', 'Bearer secret'],
      ['/c', null],
    ]);
    expect(receiver.received[2]?.headers['x-crudboard-signature']).toBe('t=1,v1=ab');
  });
});

describe('sendWebhook delivers to allowed receivers', () => {
  it('sends the method, headers and body, and keeps the status and the start of a large answer', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(201, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
    });
    const result = await sendWebhook(
      request(receiver.url('/hook?table=orders'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-Crudboard-Event': 'record.updated' },
        body: '{"id":7,"name":"Zoë"}',
      }),
      LOOPBACK,
    );
    expect(result).toEqual({ status: 201, body: 'x'.repeat(1024), error: null });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.method).toBe('PUT');
    expect(got?.url).toBe('/hook?table=orders');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-crudboard-event']).toBe('record.updated');
    expect(got?.headers['content-length']).toBe(String(Buffer.byteLength('{"id":7,"name":"Zoë"}')));
    expect(got?.body).toBe('{"id":7,"name":"Zoë"}');
  });

  it('keeps responseBytes bytes of the answer', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.end('0123456789abcdef');
    });
    expect(await sendWebhook(request(receiver.url(), { responseBytes: 10 }), LOOPBACK)).toEqual({
      status: 200,
      body: '0123456789',
      error: null,
    });
    expect(await sendWebhook(request(receiver.url(), { responseBytes: 0 }), LOOPBACK)).toEqual({
      status: 200,
      body: '',
      error: null,
    });
  });

  it('stops reading an endless answer once it has enough, and closes the connection', async () => {
    const chunk = 'y'.repeat(64 * 1024);
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => clearInterval(timer));
    });
    const [result, ms] = await timed(() =>
      sendWebhook(request(receiver.url(), { timeoutMs: 10_000 }), LOOPBACK),
    );
    expect(result).toEqual({ status: 200, body: 'y'.repeat(1024), error: null });
    expect(ms).toBeLessThan(2000);
    await vi.waitFor(() => expect(receiver.cutAnswers).toBe(1));
  });

  it('lets a host name of the allow list reach its private address', async () => {
    const receiver = await startReceiver(ok);
    const lookup = lookupFrom({ 'receiver.test': ['127.0.0.1'] });
    const result = await sendWebhook(
      request(`http://receiver.test:${receiver.port}/hook`),
      parseWebhookAllowList('receiver.test'),
      lookup,
    );
    expect(result).toEqual({ status: 200, body: 'ok', error: null });
    expect(receiver.received[0]?.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it('reports an error status with its answer, not as an error', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(500).end('boom');
    });
    expect(await sendWebhook(request(receiver.url()), LOOPBACK)).toEqual({
      status: 500,
      body: 'boom',
      error: null,
    });
  });

  it('turns a refused connection into an error, without throwing', async () => {
    const receiver = await startReceiver(ok);
    const port = receiver.port;
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const result = await sendWebhook(request(`http://127.0.0.1:${port}/`), LOOPBACK);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('turns a bad header into an error, without throwing', async () => {
    const receiver = await startReceiver(ok);
    const result = await sendWebhook(request(receiver.url(), { headers: { 'x-bad': 'a\nb' } }), LOOPBACK);
    expect(result.status).toBeNull();
    expect(result.error).toEqual(expect.any(String));
    expect(receiver.received).toEqual([]);
  });
});

describe('sendWebhook keeps to its time limit', () => {
  it('gives up on a receiver that never answers', async () => {
    const receiver = await startReceiver(() => undefined);
    const [result, ms] = await timed(() =>
      sendWebhook(request(receiver.url(), { timeoutMs: 200 }), LOOPBACK),
    );
    expect(result).toEqual({ status: null, body: '', error: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(2000);
    expect(receiver.received).toHaveLength(1);
  });

  it('counts the answer in the time limit: a receiver that stops in the middle of its answer', async () => {
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    const [result, ms] = await timed(() =>
      sendWebhook(request(receiver.url(), { timeoutMs: 200 }), LOOPBACK),
    );
    expect(result).toEqual({ status: null, body: '', error: 'timeout' });
    expect(ms).toBeLessThan(2000);
  });

  it('counts every redirect in the same time limit', async () => {
    const receiver = await startReceiver((request, response) => {
      if (request.url === '/slow') return;
      setTimeout(() => response.writeHead(302, { location: '/slow' }).end(), 120);
    });
    const [result, ms] = await timed(() =>
      sendWebhook(request(receiver.url('/a'), { timeoutMs: 200 }), LOOPBACK),
    );
    expect(result.error).toBe('timeout');
    expect(ms).toBeLessThan(1000);
  });
});
