import type { AuthzRepository, RealmRepository, SessionRepository, UserRepository } from '@ecc/db';
import type { AbilityService } from './abilities.ts';
import type { RealmResolver } from './realm-resolution.ts';
import type { SessionManager } from './sessions.ts';
import type { WebDist } from './web-dist.ts';

/** What every module's routes are built from; created once in buildApp. */
export interface AppContext {
  repositories: {
    realms: RealmRepository;
    users: UserRepository;
    sessions: SessionRepository;
    authz: AuthzRepository;
  };
  realms: RealmResolver;
  sessions: SessionManager;
  abilities: AbilityService;
  webDist: WebDist;
}
