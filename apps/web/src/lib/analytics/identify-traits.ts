import type { ApplicationConfig, Realm, User } from '@ecc/contracts';

export type IdentifyTraits = {
  host: string;
  username: string;
  user: { properties: Record<string, unknown>; id: string; realm: string };
  application: { realmId: string; name: string; plan: string | undefined };
};

/** The traits `identify` sends on sign-in (spec section 7). */
export function identifyTraitsOf(options: {
  host: string;
  username: string;
  user: User;
  realm: Pick<Realm, 'id'>;
  application: Pick<ApplicationConfig, 'name' | 'plan'>;
}): IdentifyTraits {
  const { user, realm, application } = options;
  return {
    host: options.host,
    username: options.username,
    user: { properties: user.properties, id: user.id, realm: user.realm },
    application: { realmId: realm.id, name: application.name, plan: application.plan },
  };
}
