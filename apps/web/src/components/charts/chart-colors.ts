/** The theme's colour slots a chart may paint with: the realm theme sets them as CSS variables. */
export type ChartColorSlot =
  | 'primary'
  | 'warning'
  | 'success'
  | 'destructive'
  | 'accent-foreground'
  | 'muted-foreground'
  | 'foreground'
  | 'border';

/** Used when a variable is unset (in tests without the stylesheet): the design system's light defaults. */
const FALLBACK_COLORS: Record<ChartColorSlot, string> = {
  primary: '#0f766e',
  warning: '#f59e0b',
  success: '#15803d',
  destructive: '#b91c1c',
  'accent-foreground': '#0c4a6e',
  'muted-foreground': '#475569',
  foreground: '#0f172a',
  border: '#e2e8f0',
};

/** The colour a slot has where `element` is, so that a `.dark` section or a theme preview paints its own. */
export function readChartColor(element: Element, slot: ChartColorSlot): string {
  const value = getComputedStyle(element).getPropertyValue(`--${slot}`).trim();
  return value === '' ? FALLBACK_COLORS[slot] : value;
}
