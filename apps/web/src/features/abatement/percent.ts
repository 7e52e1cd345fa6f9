/** A percentage typed by a user ("6", "4,2") as a fraction (0.06), or undefined unless it is 0–100. */
export function parsePercent(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value / 100 : undefined;
}
