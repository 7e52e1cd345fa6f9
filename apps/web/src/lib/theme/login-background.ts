/** `url("…")` for a CSS value, with the characters that could end the string escaped. */
export function cssUrl(url: string): string {
  return `url(${JSON.stringify(url)})`;
}

/**
 * The login background as a `background` shorthand. The stored position is a shorthand fragment
 * (`right 10% center/50%`: position, then size), so it cannot go into background-position on its own.
 */
export function loginBackground(image: string, position: string): string {
  return `${cssUrl(image)} ${position} no-repeat var(--background)`;
}
