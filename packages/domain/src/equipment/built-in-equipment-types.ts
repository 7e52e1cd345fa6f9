import type { EquipmentField, JsonSchemaObject } from '@ecc/contracts';
import { buildEquipmentSchema } from './equipment-schema-builder.ts';

export interface BuiltInEquipmentType {
  key: string;
  name: string;
  schema: JsonSchemaObject;
  activityTypes: string[];
  calculationMethodId: string;
}

const COMBUSTION_FUELS = [
  'Natural gas',
  'Distillate fuel oil No. 2',
  'Residual fuel oil No. 6',
  'Propane',
  'Bituminous coal',
  'Wood and wood residuals',
];
const currentYear = { minimum: 1900, maximum: 2100 };
const commissioningYear: EquipmentField = {
  name: 'commissioningYear',
  label: 'Commissioning year',
  type: 'integer',
  isRequired: false,
  ...currentYear,
};

function builtIn(
  key: string,
  name: string,
  fields: EquipmentField[],
  activityTypes: string[],
  calculationMethodId: string,
): BuiltInEquipmentType {
  return { key, name, schema: buildEquipmentSchema(fields, name), activityTypes, calculationMethodId };
}

/** The equipment types every realm starts with (issue 4, item 6); administrators version them from here. */
export const BUILT_IN_EQUIPMENT_TYPES: readonly BuiltInEquipmentType[] = [
  builtIn(
    'boiler',
    'Boiler',
    [
      { name: 'fuel', label: 'Fuel', type: 'enum', options: COMBUSTION_FUELS, isRequired: true },
      {
        name: 'ratedCapacity',
        label: 'Rated heat input capacity',
        type: 'number',
        unit: 'MMBtu/h',
        minimum: 0,
        isRequired: true,
      },
      {
        name: 'efficiency',
        label: 'Efficiency',
        type: 'number',
        unit: '%',
        minimum: 0,
        maximum: 100,
        isRequired: false,
      },
      commissioningYear,
    ],
    ['stationary-combustion'],
    'heat-content',
  ),
  builtIn(
    'generator',
    'Generator',
    [
      {
        name: 'fuel',
        label: 'Fuel',
        type: 'enum',
        options: ['Diesel', 'Natural gas', 'Propane', 'Gasoline'],
        isRequired: true,
      },
      { name: 'ratedPower', label: 'Rated power', type: 'number', unit: 'kW', minimum: 0, isRequired: true },
      { name: 'isEmergency', label: 'Emergency (standby) unit', type: 'boolean', isRequired: false },
      {
        name: 'annualHours',
        label: 'Annual run hours',
        type: 'number',
        unit: 'h',
        minimum: 0,
        maximum: 8784,
        isRequired: false,
      },
      commissioningYear,
    ],
    ['stationary-combustion'],
    'heat-content',
  ),
  builtIn(
    'vehicle-fleet',
    'Vehicle fleet',
    [
      { name: 'vehicleCount', label: 'Vehicles', type: 'integer', minimum: 1, isRequired: true },
      {
        name: 'fuel',
        label: 'Fuel',
        type: 'enum',
        options: ['Gasoline', 'Diesel', 'CNG', 'LPG', 'Electric'],
        isRequired: true,
      },
      {
        name: 'vehicleClass',
        label: 'Vehicle class',
        type: 'enum',
        options: ['Passenger car', 'Light-duty truck', 'Medium- and heavy-duty truck', 'Bus', 'Forklift'],
        isRequired: false,
      },
      {
        name: 'annualDistance',
        label: 'Annual distance',
        type: 'number',
        unit: 'km',
        minimum: 0,
        isRequired: false,
      },
    ],
    ['mobile-combustion', 'distance-travelled'],
    'direct',
  ),
  builtIn(
    'refrigeration',
    'Chiller / refrigeration',
    [
      {
        name: 'refrigerant',
        label: 'Refrigerant',
        type: 'enum',
        options: ['HFC-134a', 'HFC-32', 'HFC-125', 'R-410A', 'R-404A', 'R-407C'],
        isRequired: true,
      },
      {
        name: 'chargeKg',
        label: 'Refrigerant charge',
        type: 'number',
        unit: 'kg',
        minimum: 0,
        isRequired: true,
      },
      {
        name: 'annualLeakRate',
        label: 'Annual leak rate',
        type: 'number',
        unit: '%',
        minimum: 0,
        maximum: 100,
        isRequired: false,
      },
      {
        name: 'coolingCapacity',
        label: 'Cooling capacity',
        type: 'number',
        unit: 'kW',
        minimum: 0,
        isRequired: false,
      },
      commissioningYear,
    ],
    ['refrigerant-loss', 'electricity'],
    'refrigerant-loss',
  ),
  builtIn(
    'switchgear',
    'Switchgear (SF6)',
    [
      { name: 'sf6ChargeKg', label: 'SF6 charge', type: 'number', unit: 'kg', minimum: 0, isRequired: true },
      {
        name: 'voltageKv',
        label: 'Rated voltage',
        type: 'number',
        unit: 'kV',
        minimum: 0,
        isRequired: false,
      },
      {
        name: 'annualLeakRate',
        label: 'Annual leak rate',
        type: 'number',
        unit: '%',
        minimum: 0,
        maximum: 100,
        isRequired: false,
      },
      { name: 'isHermeticallySealed', label: 'Hermetically sealed', type: 'boolean', isRequired: false },
    ],
    ['sf6-loss'],
    'refrigerant-loss',
  ),
  builtIn(
    'flare',
    'Flare',
    [
      {
        name: 'flareType',
        label: 'Flare type',
        type: 'enum',
        options: ['Elevated', 'Enclosed ground', 'Open pit'],
        isRequired: true,
      },
      {
        name: 'combustionEfficiency',
        label: 'Combustion efficiency',
        type: 'number',
        unit: '%',
        minimum: 0,
        maximum: 100,
        isRequired: true,
      },
      {
        name: 'gasHhv',
        label: 'Flared gas HHV',
        type: 'number',
        unit: 'mmBtu/scf',
        minimum: 0,
        isRequired: false,
      },
      {
        name: 'isContinuouslyMonitored',
        label: 'Flow continuously monitored',
        type: 'boolean',
        isRequired: false,
      },
    ],
    ['flaring'],
    'heat-content',
  ),
  builtIn(
    'process-unit',
    'Process unit',
    [
      {
        name: 'process',
        label: 'Process',
        type: 'enum',
        options: ['Cement kiln', 'Lime kiln', 'Ammonia', 'Hydrogen production', 'Nitric acid', 'Other'],
        isRequired: true,
      },
      {
        name: 'capacity',
        label: 'Production capacity',
        type: 'number',
        unit: 't/yr',
        minimum: 0,
        isRequired: false,
      },
      { name: 'product', label: 'Main product', type: 'string', isRequired: false },
      commissioningYear,
    ],
    ['process-emissions', 'stationary-combustion'],
    'mass-balance',
  ),
];
