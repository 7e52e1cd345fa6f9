export interface GhgrpSheetFacility {
  id: string;
  name: string;
  naics: string;
  /** AR5 CO2e in kg. */
  co2eKg: number;
}
export declare function ghgrpSheetFacilities(csvFile?: string): GhgrpSheetFacility[];
