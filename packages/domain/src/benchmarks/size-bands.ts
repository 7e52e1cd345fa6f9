import { BENCHMARK_SIZE_BANDS, type BenchmarkSizeBandId } from '@ecc/contracts';

/** The size band of a yearly CO2e in kg (`BENCHMARK_SIZE_BANDS`: lower edge included, upper excluded). */
export function sizeBandOf(co2eKg: number): BenchmarkSizeBandId {
  const tonnes = co2eKg / 1000;
  const band = BENCHMARK_SIZE_BANDS.find((each) => tonnes >= each.minT && tonnes < each.maxT);
  return band?.id ?? 'under-25kt';
}
