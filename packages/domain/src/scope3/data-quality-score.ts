/**
 * The GHG Protocol Scope 3 data-quality indicators (Scope 3 Standard, table 7.6), each scored 1 (very good) to
 * 5 (very poor). A line's score is their mean; a category's is the mean of its lines' scores weighted by their
 * CO2e, so the lines that make the total weigh what they contribute to it.
 */
export const DATA_QUALITY_INDICATORS = [
  'technological',
  'temporal',
  'geographical',
  'completeness',
  'reliability',
] as const;
export type DataQualityIndicator = (typeof DATA_QUALITY_INDICATORS)[number];
export type DataQualityScores = Readonly<Record<DataQualityIndicator, number>>;

export function lineDataQualityScore(scores: DataQualityScores): number {
  return (
    DATA_QUALITY_INDICATORS.reduce((sum, indicator) => sum + scores[indicator], 0) /
    DATA_QUALITY_INDICATORS.length
  );
}

/** The CO2e-weighted mean of the scored lines; lines without scores are left out; undefined when none is scored. */
export function weightedDataQualityScore(
  lines: readonly { readonly co2eKg: number; readonly score: number | null }[],
): number | undefined {
  let weight = 0;
  let total = 0;
  let plainSum = 0;
  let scored = 0;
  for (const line of lines) {
    if (line.score === null) continue;
    scored += 1;
    plainSum += line.score;
    weight += line.co2eKg;
    total += line.co2eKg * line.score;
  }
  if (scored === 0) return undefined;
  // Lines of zero CO2e alone still have a quality: their plain mean.
  return weight > 0 ? total / weight : plainSum / scored;
}
