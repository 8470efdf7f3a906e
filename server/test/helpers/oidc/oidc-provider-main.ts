/**
 * A real OpenID provider (oidc-provider) for the single sign-on tests, run as a child process by
 * oidc-provider-process.ts. Listens on 127.0.0.1 (random port), prints `listening <port>`.
 * Env: OIDC_CLIENTS (JSON client list), OIDC_ACCOUNTS_FILE (JSON {accountId: claims}, read at every
 * sign-in so that tests can change groups between sign-ins), OIDC_CONFORM (1: claims of scopes go
 * to userinfo only, not the ID token). POST /test-admin {clockOffsetMs, idTokenAudience} bends the
 * provider's clock or the audience of the ID tokens it issues, for the attacker cases.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

const realNow = Date.now.bind(Date);
let clockOffsetMs = 0;
let idTokenAudience: string | null = null;
Date.now = () => realNow() + clockOffsetMs;

const accountsFile = process.env.OIDC_ACCOUNTS_FILE ?? '';
const accounts = (): Record<string, Record<string, unknown>> =>
  JSON.parse(readFileSync(accountsFile, 'utf8')) as Record<string, Record<string, unknown>>;

let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
  response.statusCode = 503;
  response.end();
};

const admin = (request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const settings = JSON.parse(body || '{}') as { clockOffsetMs?: number; idTokenAudience?: string | null };
    if (settings.clockOffsetMs !== undefined) clockOffsetMs = settings.clockOffsetMs;
    if (settings.idTokenAudience !== undefined) idTokenAudience = settings.idTokenAudience;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ clockOffsetMs, idTokenAudience }));
  });
};

const server = createServer((request, response) => {
  if (request.url === '/test-admin' && request.method === 'POST') admin(request, response);
  else handler(request, response);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: JSON.parse(process.env.OIDC_CLIENTS ?? '[]') as unknown,
    async findAccount(_ctx: unknown, id: string) {
      const claims = accounts()[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    conformIdTokenClaims: process.env.OIDC_CONFORM === '1',
    ttl: { IdToken: 300 },
    cookies: { keys: ['crudboard-test-provider'] },
  });
  // The attacker case "an ID token for another audience": the token is issued as if to another client.
  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = async function (this: { client: object }, ...args: unknown[]) {
    if (idTokenAudience === null) return issue.apply(this, args);
    const client = this.client;
    const audience = idTokenAudience;
    this.client = new Proxy(client, {
      get: (target, property) => {
        if (property === 'clientId') return audience;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      return await issue.apply(this, args);
    } finally {
      this.client = client;
    }
  };
  handler = provider.callback();
  process.stdout.write(`listening ${port}\n`);
});
