export const AGREEMENT_PATH = '/agreement';

/** A path of this site: one leading slash, never `//host` or `/\host`, which browsers read as another site. */
export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}

/** /agreement, remembering where the user was going so acceptance can take them on there. */
export function agreementHref(next: string): string {
  return next === '/' ? AGREEMENT_PATH : `${AGREEMENT_PATH}?next=${encodeURIComponent(next)}`;
}

/** Where to go once every licence is accepted: the remembered local path, else home. */
export function pathAfterAgreement(next: unknown): string {
  return isLocalPath(next) && !next.startsWith(AGREEMENT_PATH) ? next : '/';
}
