import type { ApplicationConfig, Licence } from './application-config.ts';

/** What identifies the version of a licence a user accepts. */
export type LicenceVersion = Pick<Licence, 'id' | 'revision'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A licence without a revision is in its first one. */
function revisionOf(licence: LicenceVersion): number {
  return licence.revision ?? 1;
}

/** The licences the application's `legal` config names, by id. */
export function configuredLicences(application: Pick<ApplicationConfig, 'legal'> | undefined): Licence[] {
  return application?.legal?.licences ?? [];
}

/**
 * Whether `properties.licensing.licenses.{licenceId}.accepted` is set (spec section 3) for this revision of the
 * licence or a later one; an acceptance recorded without a revision was of the first.
 */
export function isLicenceAccepted(properties: Record<string, unknown>, licence: LicenceVersion): boolean {
  const licensing = properties.licensing;
  const licenses = isRecord(licensing) ? licensing.licenses : undefined;
  const entry = isRecord(licenses) ? licenses[licence.id] : undefined;
  if (!isRecord(entry) || !entry.accepted) return false;
  const acceptedRevision = typeof entry.revision === 'number' ? entry.revision : 1;
  return acceptedRevision >= revisionOf(licence);
}

/** Configured licences the user has not accepted (spec section 4); the user is sent to /agreement while any remain. */
export function unacceptedLicences(
  application: Pick<ApplicationConfig, 'legal'> | undefined,
  properties: Record<string, unknown>,
): Licence[] {
  return configuredLicences(application).filter((licence) => !isLicenceAccepted(properties, licence));
}

/** The user's properties with these licences marked accepted at `acceptedAt`, in their revision; the rest kept. */
export function withLicencesAccepted(
  properties: Record<string, unknown>,
  licences: readonly LicenceVersion[],
  acceptedAt: Date,
): Record<string, unknown> {
  const licensing = isRecord(properties.licensing) ? properties.licensing : {};
  const licenses = isRecord(licensing.licenses) ? licensing.licenses : {};
  const accepted = Object.fromEntries(
    licences.map((licence) => {
      const earlier = licenses[licence.id];
      return [
        licence.id,
        {
          ...(isRecord(earlier) ? earlier : {}),
          accepted: acceptedAt.toISOString(),
          revision: revisionOf(licence),
        },
      ];
    }),
  );
  return { ...properties, licensing: { ...licensing, licenses: { ...licenses, ...accepted } } };
}

/**
 * The submitted licences with the revisions the server keeps: a licence under a new id starts at 1, one whose
 * title and text are unchanged keeps its revision, and one whose title or text changed goes up by one, so every
 * user accepts the new wording. Revisions the client sent are ignored.
 */
export function withLicenceRevisions(previous: readonly Licence[], submitted: readonly Licence[]): Licence[] {
  const previousById = new Map(previous.map((licence) => [licence.id, licence]));
  return submitted.map(({ id, title, text }) => {
    const earlier = previousById.get(id);
    if (!earlier) return { id, title, text, revision: 1 };
    const isChanged = earlier.title !== title || earlier.text !== text;
    return { id, title, text, revision: revisionOf(earlier) + (isChanged ? 1 : 0) };
  });
}
