import { describe, expect, it } from 'vitest';
import { forwardedOrigin } from '../../src/net/forwarded-origin';

describe('forwardedOrigin', () => {
  it("reads the nearest proxy's host and protocol", () => {
    expect(forwardedOrigin('for=10.0.0.1;host=admin.example.com;proto=https', 'http')).toBe(
      'https://admin.example.com',
    );
    expect(
      forwardedOrigin('for=1.2.3.4;host=a.example, for=10.0.0.1;host="b.example:8443";proto=https', 'http'),
    ).toBe('https://b.example:8443');
    expect(forwardedOrigin('Host=B.Example;Proto=HTTP', 'https')).toBe('http://b.example');
    expect(forwardedOrigin('host=b.example', 'https')).toBe('https://b.example');
    // A default port is the origin without it, as browsers send it.
    expect(forwardedOrigin('host=b.example:443;proto=https', 'http')).toBe('https://b.example');
  });

  it('gives nothing for an element without a usable host or protocol', () => {
    expect(forwardedOrigin('for=10.0.0.1;proto=https', 'http')).toBeUndefined();
    expect(forwardedOrigin('host=b.example, for=10.0.0.1', 'http')).toBeUndefined();
    expect(forwardedOrigin('host=b.example;proto=javascript', 'http')).toBeUndefined();
    expect(forwardedOrigin('host=bad host/x', 'http')).toBeUndefined();
    expect(forwardedOrigin('', 'http')).toBeUndefined();
  });
});
