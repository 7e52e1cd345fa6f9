import {
  type CreateEquipmentRequest,
  type CreateEquipmentTypeRequest,
  type CreateEquipmentTypeVersionRequest,
  type EquipmentItem,
  type EquipmentTypeDetail,
  type UpdateEquipmentRequest,
} from '@ecc/contracts';
import { createEquipmentRepository, type Database, type EquipmentRepository } from '@ecc/db';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import {
  checkEquipmentProperties,
  checkEquipmentTypeSchema,
  type SchemaIssue,
} from './equipment-schema-validation.ts';

/** A 400 naming every problem: `message` joins them, `fieldErrors` gives each path's first for a form. */
export class EquipmentValidationError extends HttpError {
  constructor(readonly issues: readonly SchemaIssue[]) {
    super(
      400,
      issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      // Reversed, so that where a path has several problems the first one is kept.
      Object.fromEntries([...issues].reverse().map((issue) => [issue.path, issue.message])),
    );
    this.name = 'EquipmentValidationError';
  }
}

const typeNotFound = (key: string) => new HttpError(404, `No equipment type has the key ${key}`);
const equipmentNotFound = (id: string) => new HttpError(404, `No equipment has the id ${id}`);
const equipmentInUse = (recordCount: number) =>
  new HttpError(
    409,
    `${recordCount === 1 ? 'An activity record names' : `${recordCount} activity records name`} this equipment. Link ${recordCount === 1 ? 'it' : 'them'} to other equipment or delete ${recordCount === 1 ? 'it' : 'them'} before deleting the equipment.`,
  );

export function createEquipmentService(db: Database) {
  const repository = createEquipmentRepository(db);
  /** Runs `work` in one transaction with the repository bound to it: the reads there decide its writes. */
  const inTransaction = <Result>(work: (locked: EquipmentRepository) => Promise<Result>) =>
    db.transaction((transaction) => work(createEquipmentRepository(transaction)));
  /** Realms whose built-in types are known to be in place, so the check runs once per realm and process. */
  const seededRealms = new Set<string>();
  const ensureTypes = async (realmId: string) => {
    if (seededRealms.has(realmId)) return;
    await repository.ensureBuiltInTypes(realmId);
    seededRealms.add(realmId);
  };

  async function checkTypeVersion(
    body: CreateEquipmentTypeVersionRequest,
  ): Promise<{ activityTypes: string[]; calculationMethodId: string | null }> {
    const issues = checkEquipmentTypeSchema(body.schema);
    const calculationMethodId = body.calculationMethodId ?? null;
    if (calculationMethodId !== null) {
      const known = await repository.listCalculationMethodIds();
      if (!known.includes(calculationMethodId)) {
        issues.push({
          path: 'body/calculationMethodId',
          message: `Unknown calculation method ${calculationMethodId}`,
        });
      }
    }
    if (issues.length > 0) throw new EquipmentValidationError(issues);
    return { activityTypes: [...new Set(body.activityTypes ?? [])], calculationMethodId };
  }

  async function requireType(realmId: string, key: string): Promise<EquipmentTypeDetail> {
    await ensureTypes(realmId);
    const type = await repository.findType(realmId, key);
    if (!type) throw typeNotFound(key);
    return type;
  }

  function checkProperties(type: EquipmentTypeDetail, properties: Record<string, unknown>): void {
    const issues = checkEquipmentProperties(
      `${type.id}@${type.currentVersion}`,
      type.current.schema,
      properties,
    );
    if (issues.length > 0) throw new EquipmentValidationError(issues);
  }

  return {
    async listTypes(realmId: string) {
      await ensureTypes(realmId);
      return { results: await repository.listTypes(realmId) };
    },

    getType: requireType,

    async createType(realmId: string, userId: string, body: CreateEquipmentTypeRequest) {
      await ensureTypes(realmId);
      const version = await checkTypeVersion(body);
      const created = await repository.createType(realmId, {
        key: body.key,
        name: body.name,
        schema: body.schema,
        ...version,
        createdBy: userId,
      });
      if (!created) {
        // On the key's field: the type builder shows it there.
        throw fieldRefusal(409, { 'body/key': `An equipment type with the key ${body.key} exists already` });
      }
      return created;
    },

    async addTypeVersion(
      realmId: string,
      userId: string,
      key: string,
      body: CreateEquipmentTypeVersionRequest,
    ) {
      await requireType(realmId, key);
      const version = await checkTypeVersion(body);
      const updated = await repository.addTypeVersion(realmId, key, {
        schema: body.schema,
        ...version,
        createdBy: userId,
        ...(body.name ? { name: body.name } : {}),
      });
      if (!updated) throw typeNotFound(key);
      return updated;
    },

    async listSites(realmId: string) {
      return { results: await repository.listSites(realmId) };
    },

    async listEquipment(realmId: string, filter: { facilityId?: string; type?: string }) {
      const results = await repository.listEquipment(realmId, {
        facilityId: filter.facilityId,
        typeKey: filter.type,
      });
      return { results };
    },

    /** One page of the list, in its order: what an export streams. */
    listEquipmentPage(
      realmId: string,
      filter: { facilityId?: string; type?: string },
      offset: number,
      limit: number,
    ): Promise<EquipmentItem[]> {
      return repository.listEquipment(
        realmId,
        { facilityId: filter.facilityId, typeKey: filter.type },
        { offset, limit },
      );
    },

    async getEquipment(realmId: string, id: string): Promise<EquipmentItem> {
      const item = await repository.findEquipment(realmId, id);
      if (!item) throw equipmentNotFound(id);
      return item;
    },

    /** Checks the facility and the type's current schema and writes the item, all in one transaction. */
    async createEquipment(realmId: string, body: CreateEquipmentRequest): Promise<EquipmentItem> {
      await ensureTypes(realmId);
      return inTransaction(async (locked) => {
        if (!(await locked.hasFacility(realmId, body.facilityId))) {
          throw new HttpError(404, `No facility has the id ${body.facilityId}`);
        }
        const type = await locked.findType(realmId, body.typeKey);
        if (!type) throw typeNotFound(body.typeKey);
        checkProperties(type, body.properties);
        return locked.createEquipment(realmId, {
          facilityId: body.facilityId,
          equipmentTypeId: type.id,
          typeVersion: type.currentVersion,
          name: body.name,
          properties: body.properties,
        });
      });
    },

    /** Checks the edit against the type's current schema with the item locked, and writes it in that transaction. */
    async updateEquipment(realmId: string, id: string, body: UpdateEquipmentRequest): Promise<EquipmentItem> {
      await ensureTypes(realmId);
      return inTransaction(async (locked) => {
        const existing = await locked.findEquipmentForUpdate(realmId, id);
        if (!existing) throw equipmentNotFound(id);
        const type = await locked.findType(realmId, existing.typeKey);
        if (!type) throw typeNotFound(existing.typeKey);
        checkProperties(type, body.properties);
        const updated = await locked.updateEquipment(realmId, id, {
          typeVersion: type.currentVersion,
          name: body.name,
          properties: body.properties,
        });
        if (!updated) throw equipmentNotFound(id);
        return updated;
      });
    },

    /** Equipment that activity records name stays (409 saying how many), so no figure loses its source. */
    async deleteEquipment(realmId: string, id: string): Promise<void> {
      const outcome = await repository.deleteEquipment(realmId, id);
      if (outcome === 'not-found') throw equipmentNotFound(id);
      if (outcome !== 'deleted') throw equipmentInUse(outcome.recordCount);
    },
  };
}
