import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

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
 * else (private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved, 6to4/Teredo
 * tunnels that embed an IPv4 address) is refused.
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
 * Refuses a provider URL that is not https or whose host is, or resolves to, a non-public address, so a realm's
 * configuration cannot make the server call into its own network. Checked each time the URL is used, since
 * DNS answers change.
 */
export async function assertSafeProviderUrl(url: string | URL, policy: ProviderUrlPolicy): Promise<void> {
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
    return;
  }
  if (parsed.protocol !== 'https:') throw new UnsafeProviderUrlError(`${parsed.origin} is not https`);
  // The URL parser has already normalised shorthand IPv4 forms (0x7f.1, 2130706433) to dotted quads.
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(hostname)) {
    if (!isPublicAddress(hostname)) throw new UnsafeProviderUrlError(`${hostname} is not a public address`);
    return;
  }
  let addresses: string[];
  try {
    addresses = await (policy.resolveHost ?? resolveWithDns)(hostname);
  } catch {
    throw new UnsafeProviderUrlError(`${hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw new UnsafeProviderUrlError(`${hostname} could not be resolved`);
  const privateAddress = addresses.find((address) => !isPublicAddress(address));
  if (privateAddress !== undefined) {
    throw new UnsafeProviderUrlError(`${hostname} resolves to ${privateAddress}, not a public address`);
  }
}
