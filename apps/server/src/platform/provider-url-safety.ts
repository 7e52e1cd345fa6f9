import { lookup } from 'node:dns/promises';
import { isIPv4, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

/** A sign-in provider address the server refuses to call or send a browser to. */
export class UnsafeProviderUrlError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsafeProviderUrlError';
  }
}

export type HostResolver = (hostname: string) => Promise<string[]>;

const resolveWithDns: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether an IP address is public: ipaddr.js's 'unicast' range, after unwrapping IPv4-mapped IPv6. Everything
 * else (unspecified, private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved,
 * 6to4/Teredo tunnels that embed an IPv4 address) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface ProviderUrlPolicy {
  /** ECC_OIDC_ALLOW_INSECURE: http and any address are allowed (tests, local development). */
  isInsecureAllowed: boolean;
  resolveHost?: HostResolver;
}

/**
 * The checks that need no DNS: the scheme, and a host written as an IP address. Answers the host name still to
 * resolve, or undefined when the host is an address (already checked) or the policy allows any address.
 */
function checkWithoutDns(url: string | URL, policy: ProviderUrlPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeProviderUrlError('not a URL');
  }
  if (policy.isInsecureAllowed) {
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new UnsafeProviderUrlError(`${parsed.protocol} is not http or https`);
    }
    return undefined;
  }
  if (parsed.protocol !== 'https:') throw new UnsafeProviderUrlError(`${parsed.origin} is not https`);
  // The URL parser has already normalised shorthand IPv4 forms (0x7f.1, 2130706433) to dotted quads.
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(hostname)) return hostname;
  if (!isPublicAddress(hostname)) throw new UnsafeProviderUrlError(`${hostname} is not a public address`);
  return undefined;
}

/** Every address the host resolves to, refused unless each one is public. */
async function resolvePublicAddresses(hostname: string, resolveHost: HostResolver): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolveHost(hostname);
  } catch {
    throw new UnsafeProviderUrlError(`${hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw new UnsafeProviderUrlError(`${hostname} could not be resolved`);
  const privateAddress = addresses.find((address) => !isPublicAddress(address));
  if (privateAddress !== undefined) {
    throw new UnsafeProviderUrlError(`${hostname} resolves to ${privateAddress}, not a public address`);
  }
  return addresses;
}

/**
 * Refuses a provider URL that is not https or whose host is, or resolves to, a non-public address, so a realm's
 * configuration cannot make the server call into its own network. Used when a strategy is saved and before a
 * browser is sent to the provider; the server's own requests go through `createProviderFetch`, which checks
 * the address it actually connects to.
 */
export async function assertSafeProviderUrl(url: string | URL, policy: ProviderUrlPolicy): Promise<void> {
  const hostname = checkWithoutDns(url, policy);
  if (hostname !== undefined) await resolvePublicAddresses(hostname, policy.resolveHost ?? resolveWithDns);
}

/**
 * A `lookup` for sockets (net, tls, undici's `connect`) that resolves the host and refuses it unless every
 * answer is public. The socket connects to the addresses this returns, so there is no second resolution a
 * rebinding DNS server could answer differently.
 */
export function createPublicAddressLookup(resolveHost: HostResolver = resolveWithDns): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, resolveHost).then(
      (addresses) => {
        const entries = addresses
          .map((address) => ({ address, family: isIPv4(address) ? 4 : 6 }))
          .filter((entry) => !options.family || entry.family === options.family);
        const [first] = entries;
        if (!first) {
          callback(new UnsafeProviderUrlError(`${hostname} has no IPv${options.family} address`), '');
        } else if (options.all) {
          callback(null, entries);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}

/** undici reports a refused lookup as `TypeError: fetch failed` caused by it: answer the refusal itself. */
function refusalIn(error: unknown): UnsafeProviderUrlError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof UnsafeProviderUrlError) return current;
    current = current.cause;
  }
  return undefined;
}

export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The fetch for every request the server makes to a sign-in provider. Redirects are not followed. Unless the
 * policy allows insecure providers, the URL must be https and the connection goes through an agent whose lookup
 * refuses private, loopback, link-local and unspecified addresses (IPv4 and IPv6, IPv4-mapped included) and pins
 * the address it checked.
 */
export function createProviderFetch(policy: ProviderUrlPolicy): ProviderFetch {
  if (policy.isInsecureAllowed) {
    return async (url, init) => {
      checkWithoutDns(url, policy);
      return fetch(url, { ...init, redirect: 'manual' });
    };
  }
  const agent = new Agent({ connect: { lookup: createPublicAddressLookup(policy.resolveHost) } });
  return async (url, init) => {
    checkWithoutDns(url, policy);
    try {
      const response = await undiciFetch(url, {
        ...(init as UndiciRequestInit),
        redirect: 'manual',
        dispatcher: agent,
      });
      // undici's Response is the one Node's global fetch is built on; openid-client accepts either.
      return response as unknown as Response;
    } catch (error) {
      throw refusalIn(error) ?? error;
    }
  };
}
