/** The little of oidc-provider (which ships no types) the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    IdToken: { prototype: { issue(...args: unknown[]): Promise<string>; client: unknown } };
  }
}
