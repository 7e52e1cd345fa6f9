import { CALCULATION_TYPE_LABELS, type CalculationType, type DrakonIconKind } from '@ecc/domain';
import {
  BanknoteIcon,
  FlameIcon,
  HandshakeIcon,
  ReceiptTextIcon,
  RouteIcon,
  ScaleIcon,
  UtilityPoleIcon,
  type LucideIcon,
} from 'lucide-react';

/*
 * The icon set of the calculation tools (issue 13 item 9): one icon per GHG Protocol calculation method, and the
 * DRAKON icon shapes, drawn by the diagram, the examples and the legend at /calc-editor/CalculationsIcon.
 */

const TYPE_ICONS: Readonly<Record<CalculationType, LucideIcon>> = {
  'fuel-based': FlameIcon,
  'distance-based': RouteIcon,
  'spend-based': BanknoteIcon,
  'mass-balance': ScaleIcon,
  'supplier-specific': HandshakeIcon,
  'electricity-location': UtilityPoleIcon,
  'electricity-market': ReceiptTextIcon,
};

export const CALCULATION_TYPE_DESCRIPTIONS: Readonly<Record<CalculationType, string>> = {
  'fuel-based':
    'Fuel burned times its heating value and the factor of each gas (stationary and mobile combustion).',
  'distance-based':
    'Distance travelled or freight moved times a factor per vehicle-, passenger- or tonne-kilometre.',
  'spend-based':
    'Money spent, in the factor’s currency and year, times an input-output factor per unit of spend.',
  'mass-balance': 'What went in less what came out or was stored: refrigerant losses, process carbon.',
  'supplier-specific':
    'The emissions a supplier reports for its product or service, allocated to what was bought.',
  'electricity-location':
    'Electricity times the grid-average rate of where it was used (Scope 2 location-based).',
  'electricity-market':
    'Electricity times the rate of the contracts and certificates behind it (Scope 2 market-based).',
};

/** The icon of a calculation method; named for assistive technology unless `isDecorative`. */
export function CalculationTypeIcon({
  type,
  className = 'size-5',
  isDecorative = false,
}: {
  type: CalculationType;
  className?: string;
  isDecorative?: boolean;
}) {
  const Icon = TYPE_ICONS[type];
  return isDecorative ? (
    <Icon aria-hidden="true" className={className} />
  ) : (
    <Icon role="img" aria-label={CALCULATION_TYPE_LABELS[type]} className={className} />
  );
}

export const DRAKON_ICON_LABELS: Readonly<Record<DrakonIconKind, string>> = {
  header: 'Header',
  action: 'Action',
  emission: 'Emission',
  comment: 'Comment',
  question: 'Question',
  select: 'Select',
  case: 'Case',
  end: 'End',
};

export const DRAKON_ICON_DESCRIPTIONS: Readonly<Record<DrakonIconKind, string>> = {
  header: 'The start of the diagram, with the calculation’s name.',
  action: 'A step: a set line gives a parameter a value.',
  emission: 'An EMIT line: a mass of one gas, weighed into CO2e by the GWP set.',
  comment: 'A // line: a note for the reader, which does not run.',
  question: 'IF: the yes branch goes down the skewer, the no branch to the right.',
  select: 'SWITCH: the value whose case decides the branch.',
  case: 'One value of a select; otherwise takes every value the cases do not name.',
  end: 'The end, with the result when the last line is a value.',
};

const SHAPE_CLASSES: Readonly<Record<DrakonIconKind, string>> = {
  header: 'fill-muted stroke-foreground',
  end: 'fill-muted stroke-foreground',
  action: 'fill-card stroke-foreground',
  emission: 'fill-card stroke-foreground',
  comment: 'fill-transparent stroke-muted-foreground',
  question: 'fill-card stroke-foreground',
  select: 'fill-card stroke-foreground',
  case: 'fill-card stroke-foreground',
};

/** A DRAKON icon's outline centred in a box of `width` × `height` at (x, y), its top left corner. */
export function DrakonShape({
  kind,
  x,
  y,
  width,
  height,
}: {
  kind: DrakonIconKind;
  x: number;
  y: number;
  width: number;
  height: number;
}) {
  const right = x + width;
  const bottom = y + height;
  const middle = y + height / 2;
  const slant = Math.min(14, width / 8);
  const common = { className: SHAPE_CLASSES[kind], strokeWidth: 1.5 };
  switch (kind) {
    case 'header':
    case 'end':
      return <rect {...common} x={x} y={y} width={width} height={height} rx={height / 2} />;
    case 'question':
      return (
        <polygon
          {...common}
          points={`${x + slant},${y} ${right - slant},${y} ${right},${middle} ${right - slant},${bottom} ${x + slant},${bottom} ${x},${middle}`}
        />
      );
    case 'select':
      return (
        <polygon
          {...common}
          points={`${x + slant},${y} ${right},${y} ${right - slant},${bottom} ${x},${bottom}`}
        />
      );
    case 'case':
      return (
        <polygon
          {...common}
          points={`${x},${y + slant / 2} ${x + width / 2},${y} ${right},${y + slant / 2} ${right},${bottom} ${x},${bottom}`}
        />
      );
    case 'comment':
      return (
        <g {...common}>
          <rect x={x} y={y} width={width} height={height} className="stroke-none" />
          <path d={`M ${x + 10} ${y} H ${x} V ${bottom} H ${x + 10}`} fill="none" />
        </g>
      );
    case 'emission':
      return (
        <g {...common}>
          <rect x={x} y={y} width={width} height={height} rx={3} />
          <rect x={x} y={y} width={6} height={height} className="fill-emerald-600 stroke-none" />
        </g>
      );
    default:
      return <rect {...common} x={x} y={y} width={width} height={height} rx={3} />;
  }
}

/** A DRAKON icon on its own, as the legend and the examples show it. */
export function DrakonIconSymbol({
  kind,
  className = 'h-6 w-12',
}: {
  kind: DrakonIconKind;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 52 28" className={className} role="img" aria-label={DRAKON_ICON_LABELS[kind]}>
      <DrakonShape kind={kind} x={2} y={2} width={48} height={24} />
    </svg>
  );
}
