/** The equipment manager's URLs (the route table's paths with their parameters filled in). */
export const equipmentPaths = {
  browser: () => '/equipment-manager',
  admin: () => '/equipment-manager/admin',
  view: (typeKey: string, id: string) => `/equipment-manager/${typeKey}/${id}/view`,
  edit: (typeKey: string, id: string) => `/equipment-manager/${typeKey}/${id}/edit`,
  create: (facilityId: string, typeKey: string) => `/equipment-manager/site/${facilityId}/${typeKey}/new`,
};
