/** Business constants and limits of spec section 9, each named once. */
export const PERMISSION_PAGE_LIMIT = 10000;
export const RIGHTS_PAGE_LIMIT = 9999;
export const REQUEST_RELOAD_TTL_MS = 10000;
export const QUERY_STALE_TIME_MS = 5000;

export const DEFAULT_AUTH_SESSION_LENGTH_SECONDS = 1800;
export const SESSION_WARNING_BEFORE_END_SECONDS = 60;
export const ACTIVITY_DEBOUNCE_MS = 300;
export const SESSION_WARNING_TOAST_MS = 60000;

export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'] as const;

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const LOCALE_COOKIE_NAME = 'locale';
export const DEFAULT_LOCALE = 'en';
export const REDIRECT_COOKIE_NAME = 'redirect';
export const COOKIE_DEFAULT_PATH = '/';

export const BUTTON_VARIANTS = [
  'default',
  'destructive',
  'outline',
  'secondary',
  'warning',
  'success',
  'ghost',
  'link',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['xs', 'sm', 'default', 'lg', 'xl', 'icon'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export const ALERT_KINDS = ['info', 'error', 'accent', 'primary', 'success', 'warning', 'secondary'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const TOAST_VARIANTS = ['default', 'destructive', 'success', 'warning'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export const REALM_KEY_MIN_LENGTH = 3;
export const REALM_KEY_MAX_LENGTH = 8;
export const DEFAULT_LOGIN_BACKGROUND_POSITION = 'right 10% center/50%';
export const ANALYTICS_POLYFILL_POLL_MS = 100;

export const TRUNCATE_DEFAULT_LENGTH = 22;
export const MAX_FRACTION_DIGITS = 2;

export const DATE_PATTERN_DEFAULT = 'dddd, MMMM Do YYYY, h:mm A zz';
export const DATE_PATTERN_SHORT_MONTH = 'LLL';
export const DATE_PATTERN_ISO = 'yyyy-MM-dd';
export const WEEK_STARTS_ON = 0;

export const TIME = {
  second: 1000,
  minute: 60 * 1000,
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
} as const;

/** Request timeouts surface as a TimeoutError with this code (DOMException.TIMEOUT_ERR). */
export const TIMEOUT_ERROR_CODE = 23;

/** Largest accepted JSON request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Default logout destination when the server names none. */
export const DEFAULT_LOGOUT_URL = '/login';

/** The platform operator's realms: their administrators manage other realms (spec section 6). */
export const OPERATOR_REALM_KEYS = ['acm', 'context'] as const;

export const DEFAULT_REALM_KEY = 'demo';
