import type { EquipmentSite } from '@ecc/contracts';

/** A site matches when every word of the search is in its name, city, state, country or sector. */
export function matchesSiteSearch(site: EquipmentSite, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [site.name, site.city, site.state, site.country, site.sector]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}
