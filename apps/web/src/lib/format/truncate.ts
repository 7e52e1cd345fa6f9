import { TRUNCATE_DEFAULT_LENGTH } from '@ecc/contracts';

/** The first `length` characters followed by '…' when the text is longer; the text itself otherwise. */
export function truncate(text: string, length: number = TRUNCATE_DEFAULT_LENGTH): string {
  // Counted in code points so an emoji or other astral character is never cut in half.
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text;
}
