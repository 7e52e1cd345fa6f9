import type { ApplicationConfig, LicenceVersion } from '@ecc/contracts';

export interface LegalText {
  id: string;
  title: string;
  text: string;
  /** Set for the licences a user accepts (`legal.licences`). */
  licence?: LicenceVersion;
}

/** The application's legal texts in reading order: licence agreement, terms, licences, marks, copyright. */
export function legalTexts(application: ApplicationConfig | undefined): LegalText[] {
  const legal = application?.legal;
  if (!legal) return [];
  const texts: LegalText[] = [];
  if (legal.licenceAgreement)
    texts.push({ id: 'licence-agreement', title: 'Licence agreement', text: legal.licenceAgreement });
  if (legal.tos) texts.push({ id: 'terms-of-service', title: 'Terms of service', text: legal.tos });
  for (const licence of legal.licences ?? [])
    texts.push({
      id: `licence-${licence.id}`,
      title: licence.title,
      text: licence.text,
      licence: { id: licence.id, revision: licence.revision },
    });
  if (legal.marks) texts.push({ id: 'marks', title: 'Trademarks', text: legal.marks });
  if (legal.copyright) texts.push({ id: 'copyright', title: 'Copyright', text: legal.copyright });
  return texts;
}
