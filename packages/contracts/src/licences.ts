import type { ApplicationConfig } from './application-config.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The licences the application's `legal` config names, by id. */
export function configuredLicences(
  application: Pick<ApplicationConfig, 'legal'> | undefined,
): { id: string; title: string; text: string }[] {
  return application?.legal?.licences ?? [];
}

/** Whether `properties.licensing.licenses.{licenceId}.accepted` is set (spec section 3). */
export function isLicenceAccepted(properties: Record<string, unknown>, licenceId: string): boolean {
  const licensing = properties.licensing;
  const licenses = isRecord(licensing) ? licensing.licenses : undefined;
  const licence = isRecord(licenses) ? licenses[licenceId] : undefined;
  return isRecord(licence) && Boolean(licence.accepted);
}

/** Configured licences the user has not accepted (spec section 4); the user is sent to /agreement while any remain. */
export function unacceptedLicences(
  application: Pick<ApplicationConfig, 'legal'> | undefined,
  properties: Record<string, unknown>,
): { id: string; title: string; text: string }[] {
  return configuredLicences(application).filter((licence) => !isLicenceAccepted(properties, licence.id));
}

/** The user's properties with these licences marked accepted at `acceptedAt`; everything else kept. */
export function withLicencesAccepted(
  properties: Record<string, unknown>,
  licenceIds: readonly string[],
  acceptedAt: Date,
): Record<string, unknown> {
  const licensing = isRecord(properties.licensing) ? properties.licensing : {};
  const licenses = isRecord(licensing.licenses) ? licensing.licenses : {};
  const accepted = Object.fromEntries(
    licenceIds.map((id) => [
      id,
      { ...(isRecord(licenses[id]) ? licenses[id] : {}), accepted: acceptedAt.toISOString() },
    ]),
  );
  return { ...properties, licensing: { ...licensing, licenses: { ...licenses, ...accepted } } };
}
