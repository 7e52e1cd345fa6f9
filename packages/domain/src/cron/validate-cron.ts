/** The fields of a cron expression, in the order they appear in a 7-field expression. */
export const CRON_PARTS = [
  'seconds',
  'minutes',
  'hours',
  'dayOfMonth',
  'month',
  'dayOfWeek',
  'year',
] as const;
export type CronPart = (typeof CRON_PARTS)[number];

export interface CronOptions {
  /** Months are numbered 0-11 instead of 1-12. */
  isZeroBasedMonth?: boolean;
  /** Days of the week are numbered 1-7 (Sunday = 1) instead of 0-6 (Sunday = 0). */
  isOneBasedDayOfWeek?: boolean;
}

export interface CronError {
  /** The field at fault, or 'expression' when the expression as a whole is malformed. */
  part: CronPart | 'expression';
  message: string;
}

export interface CronRange {
  min: number;
  max: number;
}

export const CRON_PART_LABELS: Record<CronPart | 'expression', string> = {
  expression: 'Cron expression',
  seconds: 'Seconds',
  minutes: 'Minutes',
  hours: 'Hours',
  dayOfMonth: 'Day of month',
  month: 'Month',
  dayOfWeek: 'Day of week',
  year: 'Year',
};

/** Five fields start at minutes; six add seconds in front; seven add the year at the end. */
const LAYOUTS: Record<number, readonly CronPart[]> = {
  5: ['minutes', 'hours', 'dayOfMonth', 'month', 'dayOfWeek'],
  6: ['seconds', 'minutes', 'hours', 'dayOfMonth', 'month', 'dayOfWeek'],
  7: ['seconds', 'minutes', 'hours', 'dayOfMonth', 'month', 'dayOfWeek', 'year'],
};

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Years as Quartz accepts them. */
const YEAR_RANGE: CronRange = { min: 1970, max: 2099 };

/** The accepted numbers of each field (spec section 5). */
export function cronPartRange(part: CronPart, options: CronOptions = {}): CronRange {
  switch (part) {
    case 'seconds':
    case 'minutes':
      return { min: 0, max: 59 };
    case 'hours':
      return { min: 0, max: 23 };
    case 'dayOfMonth':
      return { min: 1, max: 31 };
    case 'month':
      return options.isZeroBasedMonth ? { min: 0, max: 11 } : { min: 1, max: 12 };
    case 'dayOfWeek':
      return options.isOneBasedDayOfWeek ? { min: 1, max: 7 } : { min: 0, max: 6 };
    case 'year':
      return YEAR_RANGE;
  }
}

/** The number a month or weekday name stands for under the given numbering, or undefined. */
function nameValue(part: CronPart, token: string, range: CronRange): number | undefined {
  const names = part === 'month' ? MONTH_NAMES : part === 'dayOfWeek' ? DAY_NAMES : [];
  const index = names.indexOf(token.toUpperCase());
  return index === -1 ? undefined : range.min + index;
}

/**
 * Checks a cron expression field by field: 5 fields (minute hour day-of-month month day-of-week), 6 (seconds
 * first) or 7 (year last). Each field may be `*`, `?` (day fields only), a number, a range `a-b`, a step `/n`
 * after any of those, or a comma-separated list of them. Every number is checked against its field's range.
 * Returns one error per problem found; an empty list means the expression is valid.
 */
export function validateCron(expression: string, options: CronOptions = {}): CronError[] {
  const fields = expression.trim() === '' ? [] : expression.trim().split(/\s+/);
  const layout = LAYOUTS[fields.length];
  if (!layout) {
    return [
      {
        part: 'expression',
        message: `${CRON_PART_LABELS.expression}: expected 5, 6 or 7 fields, found ${fields.length}`,
      },
    ];
  }
  return layout.flatMap((part, index) => validateField(part, fields[index] ?? '', options));
}

function validateField(part: CronPart, field: string, options: CronOptions): CronError[] {
  const range = cronPartRange(part, options);
  const problems: string[] = [];
  for (const item of field.split(',')) {
    if (item === '') {
      problems.push(`empty item in list ${field}`);
      continue;
    }
    problems.push(...validateItem(part, item, range));
  }
  // A value repeated in a list is reported once.
  return [...new Set(problems)].map((problem) => ({
    part,
    message: `${CRON_PART_LABELS[part]}: ${problem}`,
  }));
}

function validateItem(part: CronPart, item: string, range: CronRange): string[] {
  const [base = '', step, ...extraSteps] = item.split('/');
  if (extraSteps.length > 0) return [`${item} is not a valid value`];
  const problems: string[] = [];
  if (step !== undefined) {
    const span = range.max - range.min + 1;
    if (!/^\d+$/.test(step)) problems.push(`step ${step} is not a whole number`);
    else if (Number(step) < 1 || Number(step) > span) problems.push(`step ${step} is out of range 1-${span}`);
  }
  if (base === '*') return problems;
  if (base === '?') {
    if (step !== undefined) return [`${item} is not a valid value`];
    if (part !== 'dayOfMonth' && part !== 'dayOfWeek') {
      return ['? is only allowed in day of month and day of week'];
    }
    return problems;
  }
  const bounds = base.split('-');
  if (bounds.length > 2 || bounds.some((bound) => bound === '')) return [`${base} is not a valid value`];
  const values = bounds.map((bound) => checkValue(part, bound, range));
  for (const value of values) if (typeof value === 'string') problems.push(value);
  const [start, end] = values;
  if (typeof start === 'number' && typeof end === 'number' && start > end) {
    problems.push(`range ${base} starts after it ends`);
  }
  return problems;
}

/** The value of one number or name, or the problem with it. */
function checkValue(part: CronPart, token: string, range: CronRange): number | string {
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    if (value < range.min || value > range.max) return `${token} is out of range ${range.min}-${range.max}`;
    return value;
  }
  return nameValue(part, token, range) ?? `${token} is not a valid value`;
}
