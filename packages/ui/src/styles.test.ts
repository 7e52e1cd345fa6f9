import { THEME_COLOR_SLOTS } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import stylesheet from './styles.css?raw';

const kebabSlots = THEME_COLOR_SLOTS.map((slot) =>
  slot.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
);

/** The custom properties declared directly in the block that opens with `selector {`. */
function declarations(selector: string): Map<string, string> {
  const start = stylesheet.indexOf(`\n${selector} {`);
  if (start === -1) throw new Error(`No ${selector} block`);
  const block = stylesheet.slice(start, stylesheet.indexOf('\n}', start));
  return new Map(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value]),
  );
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((channel) =>
    channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on its surface: WCAG AA asks 4.5:1. */
const TEXT_PAIRS: [surface: string, text: string][] = [
  ['background', 'foreground'],
  ['background', 'muted-foreground'],
  ['background', 'primary'],
  ['background', 'destructive'],
  ['muted', 'muted-foreground'],
  ['popover', 'popover-foreground'],
  ['card', 'card-foreground'],
  ['primary', 'primary-foreground'],
  ['secondary', 'secondary-foreground'],
  ['accent', 'accent-foreground'],
  ['destructive', 'destructive-foreground'],
  ['success', 'success-foreground'],
  ['warning', 'warning-foreground'],
];

/** Control borders and the focus ring against the page: WCAG AA asks 3:1 for user-interface parts. */
const NON_TEXT_PAIRS: [surface: string, part: string][] = [
  ['background', 'input'],
  ['background', 'ring'],
];

describe('styles.css', () => {
  it('maps every theme colour slot to a Tailwind colour', () => {
    for (const slot of kebabSlots) expect(stylesheet).toContain(`--color-${slot}: var(--${slot});`);
  });

  describe.each([':root,\n.light', '.dark'])('the %s palette', (selector) => {
    const palette = declarations(selector);
    const colour = (slot: string) => palette.get(`--${slot}`) ?? '';

    it('defines every theme colour slot as a hex colour', () => {
      for (const slot of kebabSlots) expect(colour(slot)).toMatch(/^#[0-9a-f]{6}$/);
    });

    it.each(TEXT_PAIRS)('has %s and %s text at 4.5:1 or more', (surface, text) => {
      expect(contrast(colour(surface), colour(text))).toBeGreaterThanOrEqual(4.5);
    });

    it.each(NON_TEXT_PAIRS)('has %s and %s at 3:1 or more', (surface, part) => {
      expect(contrast(colour(surface), colour(part))).toBeGreaterThanOrEqual(3);
    });
  });
});
