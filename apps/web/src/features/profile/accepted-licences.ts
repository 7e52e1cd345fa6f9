export interface AcceptedLicence {
  id: string;
  /** The recorded acceptance when it is a date (ISO string or epoch milliseconds) rather than just `true`. */
  acceptedAt: string | number | undefined;
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
    return [
      { id, acceptedAt: typeof accepted === 'string' || typeof accepted === 'number' ? accepted : undefined },
    ];
  });
}
