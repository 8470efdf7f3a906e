import * as client from 'openid-client';
import type { OidcProviderConfig } from './auth-providers-config';

/** How long a request to an identity provider may take. */
export const OIDC_TIMEOUT_MS = 10_000;
/** How long a provider's discovered metadata is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

interface Cached {
  configuration: Promise<client.Configuration>;
  at: number;
}

/**
 * The openid-client configuration of each OIDC provider, from its discovery document, kept per
 * provider; a failed discovery is not kept, so the next sign-in tries again.
 */
export class OidcClients {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly now: () => number = Date.now) {}

  configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    const cached = this.cache.get(provider.id);
    if (cached && this.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const configuration = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret },
      client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: OIDC_TIMEOUT_MS / 1000,
        // http:// issuers pass the configuration check on the loopback address only (tests).
        ...(provider.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    const entry = { configuration, at: this.now() };
    this.cache.set(provider.id, entry);
    configuration.catch(() => {
      if (this.cache.get(provider.id) === entry) this.cache.delete(provider.id);
    });
    return configuration;
  }
}
