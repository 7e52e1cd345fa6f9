import { DEFAULT_LOCALE, messages } from '@ecc/contracts';
import cronstrue from 'cronstrue/i18n';
import { validateCron, type CronError, type CronOptions } from './validate-cron.ts';

export interface DescribeCronOptions extends CronOptions {
  /** The user's locale as a BCP 47 tag ('en', 'zh-CN', 'ms') or in cronstrue's spelling ('zh_CN'). */
  locale?: string;
}

export type CronDescription =
  | { ok: true; description: string }
  /** `errors` lists the fields at fault; it is empty when only the describer rejected the expression. */
  | { ok: false; message: string; errors: CronError[] };

/**
 * The locales cronstrue's i18n bundle ships. cronstrue files Malay under 'my' (which BCP 47 gives to Burmese),
 * so 'my' is reached only through the alias 'ms'.
 */
const CRONSTRUE_LOCALES = new Set([
  'af',
  'ar',
  'az',
  'be',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'en',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt_BR',
  'pt_PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'sw',
  'tg',
  'th',
  'tr',
  'uk',
  'vi',
  'zh_CN',
  'zh_TW',
]);

const LOCALE_ALIASES: Record<string, string> = {
  ms: 'my',
  no: 'nb',
  pt: 'pt_PT',
  zh: 'zh_CN',
  zh_Hans: 'zh_CN',
  zh_Hant: 'zh_TW',
  zh_HK: 'zh_TW',
  zh_MO: 'zh_TW',
};

/** Korean, Malay, Thai and Chinese (simplified) read times on a 12-hour clock; every other language on 24. */
const TWELVE_HOUR_LOCALES = new Set(['ko', 'my', 'th', 'zh_CN']);

/** The cronstrue locale for a user's locale: exact tag first, then its language, else English. */
export function resolveCronLocale(locale: string = DEFAULT_LOCALE): string {
  const [language = '', region] = locale.trim().split(/[-_]/);
  const normalizedLanguage = language.toLowerCase();
  const candidates = region
    ? [`${normalizedLanguage}_${region.length === 2 ? region.toUpperCase() : region}`, normalizedLanguage]
    : [normalizedLanguage];
  for (const candidate of candidates) {
    const alias = LOCALE_ALIASES[candidate];
    if (alias) return alias;
    if (CRONSTRUE_LOCALES.has(candidate)) return candidate;
  }
  return 'en';
}

/**
 * A readable description of a cron expression in the user's language, or the message asking the user to
 * check the cron syntax. Never throws.
 */
export function describeCron(expression: string, options: DescribeCronOptions = {}): CronDescription {
  const failure = (errors: CronError[]): CronDescription => ({
    ok: false,
    message: messages.cronSyntax,
    errors,
  });
  const errors = validateCron(expression, options);
  if (errors.length > 0) return failure(errors);
  const locale = resolveCronLocale(options.locale);
  try {
    const description = cronstrue.toString(expression, {
      locale,
      use24HourTimeFormat: !TWELVE_HOUR_LOCALES.has(locale),
      throwExceptionOnParseError: true,
      monthStartIndexZero: options.isZeroBasedMonth ?? false,
      dayOfWeekStartIndexZero: !options.isOneBasedDayOfWeek,
    });
    return { ok: true, description };
  } catch {
    return failure([]);
  }
}
