/**
 * Crawlers, link-preview fetchers and archivers name themselves in their user agent. `(?<!cu)bot` leaves out
 * Cubot phones, whose model names contain "bot". Headless browsers are not bots: end-to-end tests run in one.
 */
const BOT_PATTERN =
  /(?<!cu)bot|crawl|spider|slurp|archiver|facebookexternalhit|mediapartners-google|bingpreview|embedly|vkshare|w3c_validator|whatsapp|pinterest/i;

/** Whether a request comes from a crawler rather than a person's browser. A missing user agent is no bot. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return userAgent ? BOT_PATTERN.test(userAgent) : false;
}
