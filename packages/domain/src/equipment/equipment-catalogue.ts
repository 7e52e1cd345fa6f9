/**
 * What an equipment type can name as its activity types and calculation method. The method ids are rows of
 * `calculation_methods`: `heat-content` and `direct` are the engine's (the db's reference data, same text),
 * the loss and mass-balance methods are the other built-in methods of ../shared/docs/DOMAIN.md.
 */
export interface EquipmentActivityType {
  id: string;
  name: string;
}

export const EQUIPMENT_ACTIVITY_TYPES: readonly EquipmentActivityType[] = [
  { id: 'stationary-combustion', name: 'Stationary combustion (fuel burned)' },
  { id: 'mobile-combustion', name: 'Mobile combustion (fuel used by vehicles)' },
  { id: 'distance-travelled', name: 'Distance travelled' },
  { id: 'refrigerant-loss', name: 'Refrigerant loss or top-up' },
  { id: 'sf6-loss', name: 'SF6 loss or top-up' },
  { id: 'flaring', name: 'Gas flared' },
  { id: 'process-emissions', name: 'Process emissions' },
  { id: 'electricity', name: 'Electricity consumed' },
];

export interface EquipmentCalculationMethod {
  id: string;
  name: string;
  formula: string;
  description: string;
}

export const EQUIPMENT_CALCULATION_METHODS: readonly EquipmentCalculationMethod[] = [
  {
    id: 'heat-content',
    name: 'Heat content',
    formula: 'gas mass = quantity × HHV × factor (per energy unit)',
    description:
      'A fuel quantity is turned into energy with its high heat value, then multiplied by the factor.',
  },
  {
    id: 'direct',
    name: 'Direct factor',
    formula: 'gas mass = quantity × factor (per unit of the factor basis)',
    description: 'The quantity is converted to the unit the factor is given per, then multiplied by it.',
  },
  {
    id: 'refrigerant-loss',
    name: 'Refrigerant / SF6 loss',
    formula: 'gas mass = mass topped up (or charge × annual leak rate)',
    description: 'Fugitive emissions of the gas lost; CO2e applies the GWP of that gas.',
  },
  {
    id: 'mass-balance',
    name: 'Mass balance',
    formula: 'CO2 = (carbon in − carbon out) × 44 / 12',
    description: 'Carbon entering minus carbon leaving in products and waste, as CO2.',
  },
];

export const EQUIPMENT_ACTIVITY_TYPE_IDS = EQUIPMENT_ACTIVITY_TYPES.map((type) => type.id);
export const EQUIPMENT_CALCULATION_METHOD_IDS = EQUIPMENT_CALCULATION_METHODS.map((method) => method.id);
