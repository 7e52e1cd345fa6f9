import type { CalculationTest, CalculationTestInput, CalculationValue } from '@ecc/contracts';

/*
 * A calculation test as a form types it (every field text) and back: inputs one field per parameter, expected gases
 * as `CO2 = 54439.56` lines. A number-looking input is a number, TRUE/FALSE/NULL are those values, anything else
 * is text (quotes optional); an empty input is left out.
 */

export interface CalculationTestFormValues {
  name: string;
  inputs: Record<string, string>;
  expectedValue: string;
  expectedGases: string;
  tolerance: string;
}

export function inputValueOfText(text: string): CalculationValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE') return true;
  if (upper === 'FALSE') return false;
  if (upper === 'NULL') return null;
  const number = Number(trimmed.replaceAll(',', ''));
  if (Number.isFinite(number)) return number;
  const quoted = /^'(.*)'$/s.exec(trimmed);
  return quoted ? (quoted[1] ?? '') : trimmed;
}

export function textOfInputValue(value: CalculationValue | undefined): string {
  if (value === undefined) return '';
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  // Text that would read as a number or a keyword keeps its quotes.
  return typeof inputValueOfText(value) === 'string' ? value : `'${value}'`;
}

export function calculationTestFormValues(
  test: CalculationTest | undefined,
  parameterNames: readonly string[],
): CalculationTestFormValues {
  const names = [...new Set([...parameterNames, ...Object.keys(test?.inputs ?? {})])];
  return {
    name: test?.name ?? '',
    inputs: Object.fromEntries(names.map((name) => [name, textOfInputValue(test?.inputs[name])])),
    expectedValue: test?.expectedValue === null || test === undefined ? '' : String(test.expectedValue),
    expectedGases: Object.entries(test?.expectedGases ?? {})
      .map(([gas, kg]) => `${gas} = ${kg}`)
      .join('\n'),
    tolerance: String(test?.tolerance ?? 1e-6),
  };
}

type Refuse = (field: 'expectedValue' | 'expectedGases' | 'tolerance', message: string) => void;

function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
}

/** The request the form's text stands for; what cannot be read is refused on its field. */
export function calculationTestRequest(
  values: CalculationTestFormValues,
  refuse: Refuse,
): CalculationTestInput {
  const inputs: Record<string, CalculationValue> = {};
  for (const [name, text] of Object.entries(values.inputs)) {
    const value = inputValueOfText(text);
    if (value !== undefined) inputs[name] = value;
  }
  const expectedValue = numberOf(values.expectedValue);
  if (Number.isNaN(expectedValue)) refuse('expectedValue', 'Enter a number of kg CO2e, such as 54500.7');
  const tolerance = numberOf(values.tolerance);
  if (Number.isNaN(tolerance)) refuse('tolerance', 'Enter a number of kg, such as 0.001');
  let expectedGases: Record<string, number> | null = null;
  for (const line of values.expectedGases.split('\n')) {
    if (line.trim() === '') continue;
    const match = /^\s*([A-Za-z0-9-]+)\s*[=:]\s*(\S+)\s*$/.exec(line);
    const kg = match?.[2] === undefined ? Number.NaN : Number(match[2].replaceAll(',', ''));
    if (match?.[1] === undefined || !Number.isFinite(kg)) {
      refuse('expectedGases', `Write each gas as “CO2 = 54439.56”, one a line: “${line.trim()}” is not`);
      continue;
    }
    expectedGases = { ...(expectedGases ?? {}), [match[1]]: kg };
  }
  return {
    name: values.name,
    inputs,
    expectedValue: expectedValue === undefined || Number.isNaN(expectedValue) ? null : expectedValue,
    expectedGases,
    ...(tolerance === undefined || Number.isNaN(tolerance) ? {} : { tolerance }),
  };
}
