import { createHash, randomBytes } from 'node:crypto';

/** What the callback needs from the start of a sign-in, kept on the server, never in the browser. */
export interface OidcFlow {
  realmId: string;
  strategyKey: string;
  /** The callback URL on the host the flow started on: it must finish there, and the token request repeats it. */
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
}

export const OIDC_FLOW_COOKIE_NAME = 'ecc_oidc_flow';
/** Time to sign in at the provider. */
export const OIDC_FLOW_LIFETIME_MS = 10 * 60 * 1000;
/** Bounds the memory anonymous visitors can fill by starting flows they never finish. */
const MAX_PENDING_FLOWS = 10_000;

export interface OidcFlowStore {
  /** Keeps the flow; answers the random id for the browser's cookie. */
  save(flow: Omit<OidcFlow, 'expiresAt'>): string;
  /** The flow of this id once: it is removed whether or not it is still valid. */
  take(flowId: string): OidcFlow | undefined;
}

const hashFlowId = (flowId: string) => createHash('sha256').update(flowId).digest('hex');

export function createOidcFlowStore(now: () => number = Date.now): OidcFlowStore {
  const flows = new Map<string, OidcFlow>();
  const removeExpired = () => {
    for (const [key, flow] of flows) if (flow.expiresAt <= now()) flows.delete(key);
  };
  return {
    save(flow) {
      removeExpired();
      // Map keeps insertion order: the first key is the oldest pending flow.
      while (flows.size >= MAX_PENDING_FLOWS) flows.delete(flows.keys().next().value as string);
      const flowId = randomBytes(32).toString('base64url');
      flows.set(hashFlowId(flowId), { ...flow, expiresAt: now() + OIDC_FLOW_LIFETIME_MS });
      return flowId;
    },
    take(flowId) {
      const key = hashFlowId(flowId);
      const flow = flows.get(key);
      flows.delete(key);
      return flow && flow.expiresAt > now() ? flow : undefined;
    },
  };
}
