import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertSafeProviderUrl,
  createProviderFetch,
  createPublicAddressLookup,
  isPublicAddress,
  UnsafeProviderUrlError,
} from './provider-url-safety.ts';

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

/** IPv6 unspecified, loopback, link-local (fe80::/10), unique-local (fc00::/7) and IPv4-mapped non-public ones. */
const nonPublicIpv6 = fc.oneof(
  fc.constant('::'),
  fc.constant('::1'),
  fc
    .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hextet, hextet)
    .map(([first, a, b]) => `${first.toString(16)}::${a}:${b}`),
  fc
    .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hextet, hextet)
    .map(([first, a, b]) => `${first.toString(16)}:${a}::${b}`),
  nonPublicIpv4.map((address) => `::ffff:${address}`),
);

/** Public IPv4 addresses: first octets outside every special-purpose block, such as 8.x.x.x to 9.x.x.x. */
const publicIpv4 = fc
  .tuple(fc.constantFrom(8, 9, 13, 23, 34, 52, 93, 104, 151), byte, byte, byte)
  .map((octets) => octets.join('.'));
/** Global unicast IPv6 (2000::/3), from blocks no special-purpose range overlaps, such as 2a00::/12. */
const publicIpv6 = fc
  .tuple(fc.integer({ min: 0x2a00, max: 0x2a0f }), hextet, hextet)
  .map(([first, a, b]) => `${first.toString(16)}:${a}::${b}`);

describe('address classification', () => {
  it('refuses the unspecified addresses', () => {
    expect(isPublicAddress('0.0.0.0')).toBe(false);
    expect(isPublicAddress('::')).toBe(false);
  });

  it('accepts public IPv4 and IPv6 addresses, but not their IPv4-mapped private forms', () => {
    fc.assert(
      fc.property(publicIpv4, publicIpv6, nonPublicIpv4, (ipv4, ipv6, privateIpv4) => {
        expect(isPublicAddress(ipv4)).toBe(true);
        expect(isPublicAddress(`::ffff:${ipv4}`)).toBe(true);
        expect(isPublicAddress(ipv6)).toBe(true);
        expect(isPublicAddress(`::ffff:${privateIpv4}`)).toBe(false);
      }),
    );
  });

  it('refuses whatever is not an IP address', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/^[0-9a-f:.]+$/i.test(text)),
        (text) => {
          expect(isPublicAddress(text)).toBe(false);
        },
      ),
    );
  });
});

/** Calls a lookup as a socket does and answers what it called back with. */
function lookUp(
  lookup: ReturnType<typeof createPublicAddressLookup>,
  hostname: string,
  options: LookupOptions,
): Promise<string | LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (error, address) => (error ? reject(error) : resolve(address)));
  });
}

describe('the lookup of provider connections', () => {
  it('answers exactly the public addresses it resolved, one or all as the socket asks', async () => {
    const lookup = createPublicAddressLookup(async () => ['93.184.216.34', '2606:2800:220:1::1']);
    await expect(lookUp(lookup, 'idp.example.com', {})).resolves.toBe('93.184.216.34');
    await expect(lookUp(lookup, 'idp.example.com', { family: 6 })).resolves.toBe('2606:2800:220:1::1');
    await expect(lookUp(lookup, 'idp.example.com', { all: true })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('refuses a name when any answer is not public, whatever the other answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(publicIpv4, { maxLength: 3 }),
        fc.oneof(nonPublicIpv4, nonPublicIpv6),
        fc.boolean(),
        async (publicAddresses, privateAddress, isAll) => {
          const lookup = createPublicAddressLookup(async () => [...publicAddresses, privateAddress]);
          await expect(lookUp(lookup, 'rebind.example', { all: isAll })).rejects.toThrow(
            `rebind.example resolves to ${privateAddress}, not a public address`,
          );
        },
      ),
    );
  });
});

describe('the provider fetch', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A TCP server on the loopback address that counts the connections it receives. */
  async function listenOnLoopback(): Promise<{ port: number; connections: () => number }> {
    let count = 0;
    server = createServer((socket) => {
      count += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, connections: () => count };
  }

  it('never connects when a public-looking name resolves to a private address (DNS rebinding)', async () => {
    const target = await listenOnLoopback();
    let resolutions = 0;
    const providerFetch = createProviderFetch({
      isInsecureAllowed: false,
      resolveHost: async () => {
        resolutions += 1;
        return ['127.0.0.1'];
      },
    });
    await expect(
      providerFetch(`https://idp.example.com:${target.port}/jwks`, { method: 'GET' }),
    ).rejects.toThrow(
      new UnsafeProviderUrlError('idp.example.com resolves to 127.0.0.1, not a public address'),
    );
    // The connection's own lookup is the only resolution: nothing a second answer could change.
    expect(resolutions).toBe(1);
    expect(target.connections()).toBe(0);
  });

  it('refuses http and private address literals before any connection', async () => {
    const providerFetch = createProviderFetch({ isInsecureAllowed: false, resolveHost: async () => [] });
    await expect(providerFetch('http://idp.example.com/token', {})).rejects.toThrow('is not https');
    await expect(providerFetch('https://[::ffff:10.0.0.1]/token', {})).rejects.toThrow(
      'is not a public address',
    );
  });

  it('with ECC_OIDC_ALLOW_INSECURE reaches a provider on the loopback address over http', async () => {
    const target = await listenOnLoopback();
    const providerFetch = createProviderFetch({ isInsecureAllowed: true });
    // The server hangs up at once: reaching it is what counts.
    await expect(providerFetch(`http://127.0.0.1:${target.port}/jwks`, {})).rejects.toThrow();
    expect(target.connections()).toBe(1);
  });
});

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
