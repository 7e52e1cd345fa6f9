/** Crawlers and link previewers get no error page (spec section 2); headless browsers used in tests are not bots. */
const BOT_USER_AGENT =
  /bot|crawler|crawling|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|ia_archiver|bingpreview|lighthouse/i;

export function isBotUserAgent(userAgent: string): boolean {
  return BOT_USER_AGENT.test(userAgent);
}
