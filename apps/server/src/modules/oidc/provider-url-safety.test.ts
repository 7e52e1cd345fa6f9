import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeProviderUrl, isPublicAddress, UnsafeProviderUrlError } from './provider-url-safety.ts';

const strict = { isInsecureAllowed: false, resolveHost: async () => ['93.184.216.34'] };
const byte = fc.integer({ min: 0, max: 255 });
const hextet = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16));

/** IPv4 addresses in the private, loopback, link-local, carrier-grade NAT and "this network" ranges. */
const nonPublicIpv4 = fc.oneof(
  fc.tuple(byte, byte, byte).map(([b, c, d]) => `10.${b}.${c}.${d}`),
  fc.tuple(fc.integer({ min: 16, max: 31 }), byte, byte).map(([b, c, d]) => `172.${b}.${c}.${d}`),
  fc.tuple(byte, byte).map(([c, d]) => `192.168.${c}.${d}`),
  fc.tuple(byte, byte, byte).map(([b, c, d]) => `127.${b}.${c}.${d}`),
  fc.tuple(byte, byte).map(([c, d]) => `169.254.${c}.${d}`),
  fc.tuple(fc.integer({ min: 64, max: 127 }), byte, byte).map(([b, c, d]) => `100.${b}.${c}.${d}`),
  fc.tuple(byte, byte, byte).map(([b, c, d]) => `0.${b}.${c}.${d}`),
);

/** IPv6 loopback, link-local (fe80::/10), unique-local (fc00::/7) and IPv4-mapped non-public addresses. */
const nonPublicIpv6 = fc.oneof(
  fc.constant('::1'),
  fc
    .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hextet, hextet)
    .map(([first, a, b]) => `${first.toString(16)}::${a}:${b}`),
  fc
    .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hextet, hextet)
    .map(([first, a, b]) => `${first.toString(16)}:${a}::${b}`),
  nonPublicIpv4.map((address) => `::ffff:${address}`),
);

describe('provider URL safety', () => {
  it('refuses every private, loopback or link-local IPv4 literal', async () => {
    await fc.assert(
      fc.asyncProperty(nonPublicIpv4, async (address) => {
        expect(isPublicAddress(address)).toBe(false);
        await expect(assertSafeProviderUrl(`https://${address}/token`, strict)).rejects.toThrow(
          UnsafeProviderUrlError,
        );
      }),
    );
  });

  it('refuses every loopback, link-local, unique-local or mapped private IPv6 literal', async () => {
    await fc.assert(
      fc.asyncProperty(nonPublicIpv6, async (address) => {
        expect(isPublicAddress(address)).toBe(false);
        await expect(assertSafeProviderUrl(`https://[${address}]/token`, strict)).rejects.toThrow(
          UnsafeProviderUrlError,
        );
      }),
    );
  });

  it('refuses shorthand IPv4 forms of the loopback address', async () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://127.1/']) {
      await expect(assertSafeProviderUrl(url, strict)).rejects.toThrow('127.0.0.1 is not a public address');
    }
  });

  it('refuses a host name that resolves to a private address, even when another answer is public', async () => {
    const policy = { isInsecureAllowed: false, resolveHost: async () => ['93.184.216.34', '10.0.0.5'] };
    await expect(assertSafeProviderUrl('https://idp.example.com/token', policy)).rejects.toThrow(
      'idp.example.com resolves to 10.0.0.5, not a public address',
    );
  });

  it('refuses a host name that does not resolve', async () => {
    const policy = {
      isInsecureAllowed: false,
      resolveHost: async () => Promise.reject(new Error('ENOTFOUND')),
    };
    await expect(assertSafeProviderUrl('https://nowhere.invalid/', policy)).rejects.toThrow(
      'nowhere.invalid could not be resolved',
    );
  });

  it('refuses http', async () => {
    await expect(assertSafeProviderUrl('http://idp.example.com/token', strict)).rejects.toThrow(
      'http://idp.example.com is not https',
    );
  });

  it('accepts https on a public address or a host name that resolves to one', async () => {
    await expect(assertSafeProviderUrl('https://93.184.216.34/token', strict)).resolves.toBeUndefined();
    await expect(assertSafeProviderUrl('https://[2606:2800:220:1::1]/', strict)).resolves.toBeUndefined();
    await expect(assertSafeProviderUrl('https://idp.example.com/token', strict)).resolves.toBeUndefined();
  });

  it('with ECC_OIDC_ALLOW_INSECURE accepts http on the loopback address, but no other scheme', async () => {
    const insecure = { isInsecureAllowed: true };
    await expect(assertSafeProviderUrl('http://127.0.0.1:3951/token', insecure)).resolves.toBeUndefined();
    await expect(assertSafeProviderUrl('file:///etc/passwd', insecure)).rejects.toThrow(
      UnsafeProviderUrlError,
    );
  });
});
