export interface AcceptedLicence {
  id: string;
  /** When the acceptance was recorded, if it was recorded as a date. */
  acceptedOn: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Licences whose `properties.licensing.licenses.{licenseId}.accepted` is set (spec section 3). */
export function acceptedLicences(properties: Record<string, unknown>): AcceptedLicence[] {
  const licensing = properties.licensing;
  const licenses = isRecord(licensing) ? licensing.licenses : undefined;
  if (!isRecord(licenses)) return [];
  return Object.entries(licenses).flatMap(([id, licence]) => {
    if (!isRecord(licence) || !licence.accepted) return [];
    const accepted = licence.accepted;
    const acceptedOn =
      typeof accepted === 'string' || typeof accepted === 'number' ? String(accepted) : undefined;
    return [{ id, acceptedOn }];
  });
}
