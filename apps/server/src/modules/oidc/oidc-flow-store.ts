import { createHash, randomBytes } from 'node:crypto';
import type { OidcFlowRepository } from '@ecc/db';

/** What the callback needs from the start of a sign-in, kept on the server, never in the browser. */
export interface OidcFlow {
  realmId: string;
  strategyKey: string;
  /** The callback URL on the host the flow started on: it must finish there, and the token request repeats it. */
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const OIDC_FLOW_COOKIE_NAME = 'ecc_oidc_flow';
/** Time to sign in at the provider. */
export const OIDC_FLOW_LIFETIME_MS = 10 * 60 * 1000;

export interface OidcFlowStore {
  /** Keeps the flow; answers the random id for the browser's cookie (only its SHA-256 is stored). */
  save(flow: OidcFlow): Promise<string>;
  /** The realm's unexpired flow of this id, once: it is removed whether or not it is still valid. */
  take(realmId: string, flowId: string): Promise<OidcFlow | undefined>;
}

const hashFlowId = (flowId: string) => createHash('sha256').update(flowId).digest('hex');

export function createOidcFlowStore(flows: OidcFlowRepository, now: () => Date): OidcFlowStore {
  return {
    async save(flow) {
      const flowId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + OIDC_FLOW_LIFETIME_MS);
      await flows.insert({ ...flow, flowIdHash: hashFlowId(flowId), expiresAt }, now());
      return flowId;
    },
    async take(realmId, flowId) {
      const row = await flows.take(realmId, hashFlowId(flowId));
      if (!row || row.expiresAt.getTime() <= now().getTime()) return undefined;
      const { flowIdHash: _flowIdHash, expiresAt: _expiresAt, ...flow } = row;
      return flow;
    },
  };
}
