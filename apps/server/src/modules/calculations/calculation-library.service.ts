import { MAX_DATASET_ROWS } from '@ecc/contracts';
import type {
  CalculationBinding,
  CalculationBindingListResponse,
  CalculationDataset,
  CalculationDatasetDetail,
  CalculationDetail,
  CalculationError,
  CalculationFolder,
  CalculationPublishRefusal,
  CalculationSummary,
  CalculationTest,
  CalculationTestRun,
  CalculationVersion,
  calculationBindingInputSchema,
  calculationCopySchema,
  calculationCreateSchema,
  calculationDatasetImportSchema,
  calculationDatasetRowsQuerySchema,
  calculationFolderInputSchema,
  calculationSaveSchema,
  calculationTestInputSchema,
  calculationUpdateSchema,
  z,
} from '@ecc/contracts';
import {
  ancestorRealmKeys,
  auditActorOf,
  createAuditLogRepository,
  createCalculationRepository,
  isUniqueViolation,
  realmFactorLookupsOf,
  realmLineage,
  type CalculationBindingKind,
  type CalculationDatasetRow,
  type CalculationDatasetVersionRow,
  type CalculationFolderRow,
  type CalculationSummaryRow,
  type CalculationTestRow,
  type CalculationTestRunRow,
  type CalculationVersionRow,
  type Database,
} from '@ecc/db';
import {
  cellText,
  compileFormula,
  parseCsv,
  toImportTable,
  type CalculationDiagnostic,
  type GwpSetId,
  type ImportRow,
  type ImportTable,
} from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { loadCalculationResources, nearestByName } from '#platform/realm-calculations.ts';
import { readWorksheetRows, WorkbookError } from '#platform/read-workbook.ts';

/*
 * The realm's calculations as data (issue 13 item 2, decision 037): folders, calculations, versions, tests,
 * bindings and datasets. A realm changes only its own rows; its ancestors' are listed as inherited and read-only
 * (404 to a write, as for a missing one: row-level security would refuse it anyway). Every read that decides a
 * write runs in the write's transaction.
 */

type CreateInput = z.output<typeof calculationCreateSchema>;
type UpdateInput = z.output<typeof calculationUpdateSchema>;
type CopyInput = z.output<typeof calculationCopySchema>;
type SaveInput = z.output<typeof calculationSaveSchema>;
type TestInput = z.output<typeof calculationTestInputSchema>;
type FolderInput = z.output<typeof calculationFolderInputSchema>;
type BindingInput = z.output<typeof calculationBindingInputSchema>;
type DatasetImportInput = z.output<typeof calculationDatasetImportSchema>;
type DatasetRowsQuery = z.output<typeof calculationDatasetRowsQuerySchema>;

/** Who makes a change: the author of a version, the importer of a dataset, the actor of the audit entry. */
export interface CalculationActor {
  readonly id: string;
  readonly email: string | null;
}

/** The audit log's entity types of calculation changes (issue 13): the audit page filters by them. */
export const CALCULATION_AUDIT_ENTITIES = {
  calculation: 'calculation',
  version: 'calculation-version',
  test: 'calculation-test',
  binding: 'calculation-binding',
  folder: 'calculation-folder',
  dataset: 'calculation-dataset',
} as const;

/** Appends the change to the realm's audit log in the transaction that makes it, so both happen or neither. */
async function recordChange(
  transaction: Database,
  realmId: string,
  actor: CalculationActor,
  change: {
    action: 'create' | 'update' | 'delete';
    entityType: (typeof CALCULATION_AUDIT_ENTITIES)[keyof typeof CALCULATION_AUDIT_ENTITIES];
    entityId: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await createAuditLogRepository(transaction).append(realmId, { ...auditActorOf(actor), ...change });
}

function calculationSnapshot(row: { name: string; folderId: string | null; description: string }) {
  return { name: row.name, folderId: row.folderId, description: row.description };
}

function testSnapshot(row: TestInput | CalculationTestRow) {
  return {
    name: row.name,
    inputs: row.inputs,
    expectedValue: row.expectedValue,
    expectedGases: row.expectedGases,
    tolerance: row.tolerance,
  };
}

export const CALCULATION_NOT_FOUND = 'No such calculation in this realm';
const FOLDER_NOT_FOUND = 'No such folder in this realm';
const VERSION_NOT_FOUND = 'No such version of this calculation';
const TEST_NOT_FOUND = 'No such test of this calculation';
const NAME_TAKEN = 'The realm already has a calculation of this name';

interface RealmContext {
  readonly realmId: string;
  readonly lineage: readonly string[];
  readonly keys: ReadonlyMap<string, string>;
}

async function realmContext(db: Database, realmId: string): Promise<RealmContext> {
  const [lineage, keys] = await Promise.all([realmLineage(db, realmId), ancestorRealmKeys(db, realmId)]);
  return { realmId, lineage, keys };
}

function inheritedFrom(context: RealmContext, realmId: string): string | null {
  return realmId === context.realmId ? null : (context.keys.get(realmId) ?? realmId);
}

function errorOf(diagnostic: CalculationDiagnostic): CalculationError {
  return {
    line: diagnostic.line,
    column: diagnostic.column,
    endLine: diagnostic.endLine,
    endColumn: diagnostic.endColumn,
    message: diagnostic.message,
  };
}

function toVersion(row: CalculationVersionRow): CalculationVersion {
  return {
    id: row.id,
    calculationId: row.calculationId,
    number: row.number,
    formula: row.formula,
    parameters: row.parameters.map((parameter) => ({ ...parameter })),
    state: row.state,
    authorId: row.authorId,
    createdOn: row.createdOn.toISOString(),
    publishedOn: row.publishedOn?.toISOString() ?? null,
  };
}

function toFolder(context: RealmContext, row: CalculationFolderRow): CalculationFolder {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    inheritedFrom: inheritedFrom(context, row.realmId),
  };
}

function testStatusOf(
  tests: readonly CalculationTestRow[],
  runs: readonly CalculationTestRunRow[],
): CalculationSummary['testStatus'] {
  if (tests.length === 0) return 'no-tests';
  const byTest = new Map(runs.map((run) => [run.testId, run]));
  if (tests.some((test) => byTest.get(test.id)?.isPassed === false)) return 'failed';
  if (tests.some((test) => !byTest.has(test.id))) return 'not-run';
  return 'passed';
}

function toSummary(
  context: RealmContext,
  summary: CalculationSummaryRow,
  testStatus: CalculationSummary['testStatus'],
): CalculationSummary {
  const { calculation, latest, latestPublished } = summary;
  return {
    id: calculation.id,
    name: calculation.name,
    folderId: calculation.folderId,
    description: calculation.description,
    latestVersion: latest?.number ?? null,
    state: latest?.state ?? null,
    publishedVersion: latestPublished?.number ?? null,
    testStatus,
    inheritedFrom: inheritedFrom(context, calculation.realmId),
    modifiedOn: calculation.modifiedOn.toISOString(),
  };
}

function toTestRun(
  test: Pick<CalculationTestRow, 'id' | 'name'>,
  versionNumber: number,
  run: Pick<CalculationTestRunRow, 'isPassed' | 'actualValue' | 'actualGases' | 'message'>,
): CalculationTestRun {
  return {
    testId: test.id,
    name: test.name,
    versionNumber,
    isPassed: run.isPassed,
    actualValue: run.actualValue,
    actualGases: run.actualGases,
    message: run.message,
  };
}

function toTest(row: CalculationTestRow, lastRun: CalculationTestRun | null): CalculationTest {
  return {
    id: row.id,
    name: row.name,
    inputs: row.inputs as CalculationTest['inputs'],
    expectedValue: row.expectedValue,
    expectedGases: row.expectedGases,
    tolerance: row.tolerance,
    lastRun,
  };
}

// Running tests --------------------------------------------------------------------------------------------------

interface TestOutcome {
  readonly errors: CalculationError[];
  readonly runs: Omit<CalculationTestRunRow, 'id' | 'realmId' | 'ranOn'>[];
}

function differenceMessage(what: string, expected: number, actual: number, tolerance: number): string {
  return `${what}: expected ${expected}, got ${actual} (difference ${Math.abs(actual - expected)}, tolerance ${tolerance})`;
}

/** Compiles the version with the realm's resources and runs every test on it; nothing is stored here. */
async function runTestsOn(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  version: CalculationVersionRow,
  tests: readonly CalculationTestRow[],
): Promise<TestOutcome> {
  const resources = await loadCalculationResources(db, realmId);
  const factors = await realmFactorLookupsOf(db).lookupFor(realmId);
  const compiled = compileFormula(version.formula, {
    gwp,
    factors,
    datasets: resources.datasets,
    calculations: resources.sources,
  });
  const errors = compiled.errors.map(errorOf);
  const runs = tests.map((test) => {
    const base = { versionId: version.id, testId: test.id, actualValue: null, actualGases: null };
    if (compiled.calculation === undefined) {
      return { ...base, isPassed: false, message: 'The formula has errors: it cannot run' };
    }
    const outcome = compiled.calculation.evaluate(test.inputs);
    if (!outcome.isSuccess) {
      const [first] = outcome.errors;
      const where = first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'it cannot run';
      return { ...base, isPassed: false, message: `The formula stopped at ${where}` };
    }
    const actualValue = typeof outcome.value === 'number' ? outcome.value : null;
    const actualGases = outcome.gases ? { ...outcome.gases } : null;
    const problems: string[] = [];
    if (test.expectedValue !== null) {
      if (actualValue === null) problems.push('The formula answered no number');
      else if (Math.abs(actualValue - test.expectedValue) > test.tolerance) {
        problems.push(differenceMessage('kg CO2e', test.expectedValue, actualValue, test.tolerance));
      }
    }
    for (const [gas, expected] of Object.entries(test.expectedGases ?? {})) {
      const actual = actualGases?.[gas];
      if (actual === undefined) problems.push(`${gas}: expected ${expected} kg, the formula emitted none`);
      else if (Math.abs(actual - expected) > test.tolerance) {
        problems.push(differenceMessage(`${gas} kg`, expected, actual, test.tolerance));
      }
    }
    return {
      ...base,
      actualValue,
      actualGases,
      isPassed: problems.length === 0,
      message: problems.join('; '),
    };
  });
  return { errors, runs };
}

// Calculations ---------------------------------------------------------------------------------------------------

export async function listCalculations(db: Database, realmId: string) {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const [folders, summaries] = await Promise.all([
    repository.listFolders(context.lineage),
    repository.listVisible(context.lineage),
  ]);
  const latestRuns = await repository.latestTestRuns(
    context.lineage,
    summaries.flatMap((summary) => (summary.latest ? [summary.latest.id] : [])),
  );
  const calculations: CalculationSummary[] = [];
  for (const summary of summaries) {
    const tests = await repository.listTests(context.lineage, summary.calculation.id);
    const runs = latestRuns.filter((run) => run.versionId === summary.latest?.id);
    calculations.push(toSummary(context, summary, testStatusOf(tests, runs)));
  }
  return { folders: folders.map((folder) => toFolder(context, folder)), calculations };
}

async function requireVisible(db: Database, context: RealmContext, id: string) {
  const summary = await createCalculationRepository(db).findVisible(context.lineage, id);
  if (!summary) throw new HttpError(404, CALCULATION_NOT_FOUND);
  return summary;
}

export async function readCalculation(db: Database, realmId: string, id: string): Promise<CalculationDetail> {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const summary = await requireVisible(db, context, id);
  const tests = await repository.listTests(context.lineage, id);
  const runs = summary.latest ? await repository.latestTestRuns(context.lineage, [summary.latest.id]) : [];
  const runByTest = new Map(runs.map((run) => [run.testId, run]));
  const bindings = (await listBindings(db, realmId)).bindings.filter(
    (binding) => binding.calculationId === id,
  );
  return {
    ...toSummary(context, summary, testStatusOf(tests, runs)),
    latest: summary.latest ? toVersion(summary.latest) : null,
    tests: tests.map((test) => {
      const run = runByTest.get(test.id);
      return toTest(test, run && summary.latest ? toTestRun(test, summary.latest.number, run) : null);
    }),
    bindings,
  };
}

async function requireOwnFolder(transaction: Database, realmId: string, folderId: string | null) {
  if (folderId === null) return;
  const folder = await createCalculationRepository(transaction).findFolder(realmId, folderId);
  if (!folder) throw fieldRefusal(404, { 'body/folderId': FOLDER_NOT_FOUND });
}

function refuseTakenName<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (isUniqueViolation(error)) throw fieldRefusal(409, { 'body/name': NAME_TAKEN });
    throw error;
  });
}

/** Saves a new draft version and runs the calculation's tests on it, keeping the runs. */
async function saveDraft(
  transaction: Database,
  realmId: string,
  gwp: GwpSetId,
  calculationId: string,
  input: SaveInput,
  actor: CalculationActor,
) {
  const repository = createCalculationRepository(transaction);
  const version = await repository.insertVersion(realmId, calculationId, {
    formula: input.formula,
    parameters: input.parameters,
    authorId: actor.id,
  });
  await recordChange(transaction, realmId, actor, {
    action: 'create',
    entityType: CALCULATION_AUDIT_ENTITIES.version,
    entityId: version.id,
    before: null,
    after: {
      calculationId,
      number: version.number,
      state: version.state,
      formula: version.formula,
      parameters: version.parameters,
    },
  });
  const tests = await repository.listTests([realmId], calculationId);
  const outcome = await runTestsOn(transaction, realmId, gwp, version, tests);
  await repository.insertTestRuns(realmId, outcome.runs);
  const byId = new Map(tests.map((test) => [test.id, test]));
  return {
    version: toVersion(version),
    errors: outcome.errors,
    testRuns: outcome.runs.map((run) => toTestRun(byId.get(run.testId)!, version.number, run)),
  };
}

/** A new calculation with its first draft and the tests given (a template's), which run on that draft. */
export async function createCalculation(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  actor: CalculationActor,
  input: CreateInput,
) {
  const testNames = input.tests.map((test) => test.name);
  const repeated = testNames.findIndex((name, index) => testNames.indexOf(name) !== index);
  if (repeated >= 0) {
    throw fieldRefusal(409, {
      [`body/tests/${repeated}/name`]: 'The calculation already has a test of this name',
    });
  }
  return refuseTakenName(() =>
    db.transaction(async (transaction) => {
      const repository = createCalculationRepository(transaction);
      await requireOwnFolder(transaction, realmId, input.folderId);
      const calculation = await repository.insertCalculation(realmId, {
        name: input.name,
        folderId: input.folderId,
        description: input.description,
      });
      await recordChange(transaction, realmId, actor, {
        action: 'create',
        entityType: CALCULATION_AUDIT_ENTITIES.calculation,
        entityId: calculation.id,
        before: null,
        after: calculationSnapshot(calculation),
      });
      for (const test of input.tests) {
        const row = await repository.insertTest(realmId, calculation.id, testFields(test));
        await recordTestChange(transaction, realmId, actor, calculation.id, row, null);
      }
      return saveDraft(transaction, realmId, gwp, calculation.id, input, actor);
    }),
  );
}

async function requireOwn(transaction: Database, realmId: string, id: string) {
  const calculation = await createCalculationRepository(transaction).lockOwn(realmId, id);
  if (!calculation) throw new HttpError(404, CALCULATION_NOT_FOUND);
  return calculation;
}

export async function updateCalculation(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
  input: UpdateInput,
) {
  const updated = await refuseTakenName(() =>
    db.transaction(async (transaction) => {
      const before = await requireOwn(transaction, realmId, id);
      if (input.folderId !== undefined) await requireOwnFolder(transaction, realmId, input.folderId);
      const row = await createCalculationRepository(transaction).updateCalculation(realmId, id, input);
      if (row) {
        await recordChange(transaction, realmId, actor, {
          action: 'update',
          entityType: CALCULATION_AUDIT_ENTITIES.calculation,
          entityId: id,
          before: calculationSnapshot(before),
          after: calculationSnapshot(row),
        });
      }
      return row;
    }),
  );
  if (!updated) throw new HttpError(404, CALCULATION_NOT_FOUND);
  const context = await realmContext(db, realmId);
  const summary = await requireVisible(db, context, id);
  const repository = createCalculationRepository(db);
  const tests = await repository.listTests(context.lineage, id);
  const runs = summary.latest ? await repository.latestTestRuns(context.lineage, [summary.latest.id]) : [];
  return toSummary(context, summary, testStatusOf(tests, runs));
}

/** A copy in the realm of a calculation it sees (its own or inherited): latest formula as version 1, and tests. */
export async function copyCalculation(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  actor: CalculationActor,
  id: string,
  input: CopyInput,
) {
  const context = await realmContext(db, realmId);
  return refuseTakenName(() =>
    db.transaction(async (transaction) => {
      const repository = createCalculationRepository(transaction);
      const source = await repository.findVisible(context.lineage, id);
      if (!source) throw new HttpError(404, CALCULATION_NOT_FOUND);
      await requireOwnFolder(transaction, realmId, input.folderId);
      const copy = await repository.insertCalculation(realmId, {
        name: input.name,
        folderId: input.folderId,
        description: source.calculation.description,
      });
      await recordChange(transaction, realmId, actor, {
        action: 'create',
        entityType: CALCULATION_AUDIT_ENTITIES.calculation,
        entityId: copy.id,
        before: null,
        after: { ...calculationSnapshot(copy), copiedFrom: id },
      });
      for (const test of await repository.listTests(context.lineage, id)) {
        const row = await repository.insertTest(realmId, copy.id, testSnapshot(test));
        await recordTestChange(transaction, realmId, actor, copy.id, row, null);
      }
      return saveDraft(
        transaction,
        realmId,
        gwp,
        copy.id,
        { formula: source.latest?.formula ?? '', parameters: source.latest?.parameters ?? [] },
        actor,
      );
    }),
  );
}

export async function deleteCalculation(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const before = await requireOwn(transaction, realmId, id);
    if (await repository.hasPublishedVersion(realmId, id)) {
      throw new HttpError(
        409,
        'A calculation with a published version stays: results may have been calculated with it',
      );
    }
    const bindings = await repository.listBindings([realmId]);
    if (bindings.some((binding) => binding.calculationId === id)) {
      throw new HttpError(409, 'The calculation is bound to an activity or equipment type: unbind it first');
    }
    await repository.deleteCalculation(realmId, id);
    await recordChange(transaction, realmId, actor, {
      action: 'delete',
      entityType: CALCULATION_AUDIT_ENTITIES.calculation,
      entityId: id,
      before: calculationSnapshot(before),
      after: null,
    });
  });
}

export async function saveCalculation(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  actor: CalculationActor,
  id: string,
  input: SaveInput,
) {
  return db.transaction(async (transaction) => {
    await requireOwn(transaction, realmId, id);
    return saveDraft(transaction, realmId, gwp, id, input, actor);
  });
}

export async function listVersions(db: Database, realmId: string, id: string) {
  const context = await realmContext(db, realmId);
  const summary = await requireVisible(db, context, id);
  const versions = await createCalculationRepository(db).listVersionsWithAuthors(
    realmId,
    summary.calculation.realmId,
    id,
  );
  return { versions: versions.map((version) => ({ ...toVersion(version), authorName: version.authorName })) };
}

/** Of a version's run of the calculation's current tests: how many passed, failed, and have not run on it. */
export interface VersionTestResults {
  readonly passed: number;
  readonly failed: number;
  readonly notRun: number;
}

/** Each version of a calculation with the results of its tests' latest runs on it; 404 as the version list. */
export async function listVersionsWithTestResults(db: Database, realmId: string, id: string) {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const { versions } = await listVersions(db, realmId, id);
  const [tests, runs] = await Promise.all([
    repository.listTests(context.lineage, id),
    repository.latestTestRuns(
      context.lineage,
      versions.map((version) => version.id),
    ),
  ]);
  const testIds = new Set(tests.map((test) => test.id));
  return versions.map((version) => {
    const ran = runs.filter((run) => run.versionId === version.id && testIds.has(run.testId));
    const passed = ran.filter((run) => run.isPassed).length;
    const results: VersionTestResults = {
      passed,
      failed: ran.length - passed,
      notRun: tests.length - ran.length,
    };
    return { version, results };
  });
}

export async function readVersion(db: Database, realmId: string, id: string, number: number) {
  const context = await realmContext(db, realmId);
  const summary = await requireVisible(db, context, id);
  const version = await createCalculationRepository(db).findVersion(summary.calculation.realmId, id, number);
  if (!version) throw new HttpError(404, VERSION_NOT_FOUND);
  return toVersion(version);
}

export type PublishAnswer =
  | { readonly isPublished: true; readonly version: CalculationVersion }
  | { readonly isPublished: false; readonly refusal: CalculationPublishRefusal };

function publishRefusal(
  message: string,
  errors: CalculationError[],
  failingTests: CalculationTestRun[],
): PublishAnswer {
  return {
    isPublished: false,
    refusal: { statusCode: 409, error: 'Conflict', message, errors, failingTests },
  };
}

/** Runs the draft's tests (keeping the runs) and publishes it when its formula compiles and every test passes. */
export async function publishVersion(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  actor: CalculationActor,
  id: string,
  number: number,
): Promise<PublishAnswer> {
  return db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    await requireOwn(transaction, realmId, id);
    const version = await repository.findVersion(realmId, id, number);
    if (!version) throw new HttpError(404, VERSION_NOT_FOUND);
    if (version.state === 'published') {
      throw new HttpError(409, `Version ${number} is already published`);
    }
    const tests = await repository.listTests([realmId], id);
    const outcome = await runTestsOn(transaction, realmId, gwp, version, tests);
    await repository.insertTestRuns(realmId, outcome.runs);
    if (outcome.errors.length > 0) {
      const [first] = outcome.errors;
      return publishRefusal(
        `The formula has errors, so it cannot be published: line ${first?.line}, column ${first?.column}: ${first?.message}`,
        outcome.errors,
        [],
      );
    }
    const byId = new Map(tests.map((test) => [test.id, test]));
    const failing = outcome.runs
      .filter((run) => !run.isPassed)
      .map((run) => toTestRun(byId.get(run.testId)!, number, run));
    if (failing.length > 0) {
      return publishRefusal(
        `${failing.length} of ${tests.length} tests failed, so the version cannot be published: ${failing.map((run) => run.name).join(', ')}`,
        [],
        failing,
      );
    }
    const published = await repository.publishVersion(realmId, version.id);
    if (!published) throw new HttpError(409, `Version ${number} is already published`);
    await recordChange(transaction, realmId, actor, {
      action: 'update',
      entityType: CALCULATION_AUDIT_ENTITIES.version,
      entityId: published.id,
      before: { calculationId: id, number, state: version.state },
      after: { calculationId: id, number, state: published.state, publishedOn: published.publishedOn },
    });
    return { isPublished: true, version: toVersion(published) };
  });
}

// Tests ----------------------------------------------------------------------------------------------------------

export async function listTests(db: Database, realmId: string, id: string) {
  return { tests: (await readCalculation(db, realmId, id)).tests };
}

function testFields(input: TestInput) {
  return {
    name: input.name,
    inputs: input.inputs,
    expectedValue: input.expectedValue,
    expectedGases: input.expectedGases,
    tolerance: input.tolerance,
  };
}

async function recordTestChange(
  transaction: Database,
  realmId: string,
  actor: CalculationActor,
  calculationId: string,
  after: CalculationTestRow | null,
  before: CalculationTestRow | null,
): Promise<void> {
  const row = after ?? before;
  if (!row) return;
  await recordChange(transaction, realmId, actor, {
    action: before === null ? 'create' : after === null ? 'delete' : 'update',
    entityType: CALCULATION_AUDIT_ENTITIES.test,
    entityId: row.id,
    before: before === null ? null : { calculationId, ...testSnapshot(before) },
    after: after === null ? null : { calculationId, ...testSnapshot(after) },
  });
}

function refuseTakenTestName<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (isUniqueViolation(error)) {
      throw fieldRefusal(409, { 'body/name': 'The calculation already has a test of this name' });
    }
    throw error;
  });
}

export async function createTest(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
  input: TestInput,
) {
  const row = await refuseTakenTestName(() =>
    db.transaction(async (transaction) => {
      await requireOwn(transaction, realmId, id);
      const created = await createCalculationRepository(transaction).insertTest(
        realmId,
        id,
        testFields(input),
      );
      await recordTestChange(transaction, realmId, actor, id, created, null);
      return created;
    }),
  );
  return toTest(row, null);
}

export async function updateTest(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
  testId: string,
  input: TestInput,
) {
  const row = await refuseTakenTestName(() =>
    db.transaction(async (transaction) => {
      const repository = createCalculationRepository(transaction);
      await requireOwn(transaction, realmId, id);
      const before = (await repository.listTests([realmId], id)).find((test) => test.id === testId);
      const updated = await repository.updateTest(realmId, id, testId, testFields(input));
      if (before && updated) await recordTestChange(transaction, realmId, actor, id, updated, before);
      return updated;
    }),
  );
  if (!row) throw new HttpError(404, TEST_NOT_FOUND);
  return toTest(row, null);
}

export async function deleteTest(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
  testId: string,
) {
  await db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    await requireOwn(transaction, realmId, id);
    const before = (await repository.listTests([realmId], id)).find((test) => test.id === testId);
    if (!before || !(await repository.deleteTest(realmId, id, testId))) {
      throw new HttpError(404, TEST_NOT_FOUND);
    }
    await recordTestChange(transaction, realmId, actor, id, null, before);
  });
}

export async function runTests(
  db: Database,
  realmId: string,
  gwp: GwpSetId,
  id: string,
  versionNumber: number | undefined,
) {
  return db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    await requireOwn(transaction, realmId, id);
    const versions = await repository.listVersions(realmId, id);
    const version =
      versionNumber === undefined ? versions[0] : versions.find((each) => each.number === versionNumber);
    if (!version) throw fieldRefusal(404, { 'body/version': VERSION_NOT_FOUND });
    const tests = await repository.listTests([realmId], id);
    const outcome = await runTestsOn(transaction, realmId, gwp, version, tests);
    await repository.insertTestRuns(realmId, outcome.runs);
    const byId = new Map(tests.map((test) => [test.id, test]));
    return {
      versionNumber: version.number,
      errors: outcome.errors,
      testRuns: outcome.runs.map((run) => toTestRun(byId.get(run.testId)!, version.number, run)),
    };
  });
}

// Folders --------------------------------------------------------------------------------------------------------

export async function listFolders(db: Database, realmId: string) {
  const context = await realmContext(db, realmId);
  const folders = await createCalculationRepository(db).listFolders(context.lineage);
  return { folders: folders.map((folder) => toFolder(context, folder)) };
}

function refuseTakenFolderName<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (isUniqueViolation(error)) {
      throw fieldRefusal(409, { 'body/name': 'The folder already has a subfolder of this name' });
    }
    throw error;
  });
}

async function requireParentFolder(transaction: Database, realmId: string, parentId: string | null) {
  if (parentId === null) return;
  const folder = await createCalculationRepository(transaction).findFolder(realmId, parentId);
  if (!folder) throw fieldRefusal(404, { 'body/parentId': FOLDER_NOT_FOUND });
}

function folderSnapshot(row: { name: string; parentId: string | null }) {
  return { name: row.name, parentId: row.parentId };
}

export async function createFolder(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  input: FolderInput,
) {
  const context = await realmContext(db, realmId);
  const row = await refuseTakenFolderName(() =>
    db.transaction(async (transaction) => {
      await requireParentFolder(transaction, realmId, input.parentId);
      const created = await createCalculationRepository(transaction).insertFolder(realmId, input);
      await recordChange(transaction, realmId, actor, {
        action: 'create',
        entityType: CALCULATION_AUDIT_ENTITIES.folder,
        entityId: created.id,
        before: null,
        after: folderSnapshot(created),
      });
      return created;
    }),
  );
  return toFolder(context, row);
}

export async function updateFolder(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
  input: FolderInput,
) {
  const context = await realmContext(db, realmId);
  const row = await refuseTakenFolderName(() =>
    db.transaction(async (transaction) => {
      const repository = createCalculationRepository(transaction);
      const before = await repository.findFolder(realmId, id);
      if (!before) throw new HttpError(404, FOLDER_NOT_FOUND);
      await requireParentFolder(transaction, realmId, input.parentId);
      // A folder cannot move into itself or below itself: walk up from the new parent.
      const folders = new Map((await repository.listFolders([realmId])).map((folder) => [folder.id, folder]));
      for (let at = input.parentId; at !== null; at = folders.get(at)?.parentId ?? null) {
        if (at === id) {
          throw fieldRefusal(409, {
            'body/parentId': 'A folder cannot move into itself or a folder inside it',
          });
        }
      }
      const updated = await repository.updateFolder(realmId, id, input);
      if (updated) {
        await recordChange(transaction, realmId, actor, {
          action: 'update',
          entityType: CALCULATION_AUDIT_ENTITIES.folder,
          entityId: id,
          before: folderSnapshot(before),
          after: folderSnapshot(updated),
        });
      }
      return updated;
    }),
  );
  if (!row) throw new HttpError(404, FOLDER_NOT_FOUND);
  return toFolder(context, row);
}

export async function deleteFolder(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const before = await repository.findFolder(realmId, id);
    if (!before) throw new HttpError(404, FOLDER_NOT_FOUND);
    if ((await repository.countInFolderTree(realmId, id)) > 0) {
      throw new HttpError(409, 'The folder holds calculations: move or delete them first');
    }
    await repository.deleteFolder(realmId, id);
    await recordChange(transaction, realmId, actor, {
      action: 'delete',
      entityType: CALCULATION_AUDIT_ENTITIES.folder,
      entityId: id,
      before: folderSnapshot(before),
      after: null,
    });
  });
}

// Bindings -------------------------------------------------------------------------------------------------------

export async function listBindings(
  db: Database,
  realmId: string,
): Promise<{ bindings: CalculationBinding[] }> {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const inForce = nearestByName(
    await repository.listBindings(context.lineage),
    context.lineage,
    (binding) => `${binding.targetKind}/${binding.targetKey}`,
  );
  const names = new Map(
    (await repository.listVisible(context.lineage)).map((summary) => [
      summary.calculation.id,
      summary.calculation.name,
    ]),
  );
  return {
    bindings: [...inForce.values()].map((binding) => ({
      targetKind: binding.targetKind,
      targetKey: binding.targetKey,
      calculationId: binding.calculationId,
      calculationName: names.get(binding.calculationId) ?? '',
      inheritedFrom: inheritedFrom(context, binding.realmId),
    })),
  };
}

/** The bindings in force and what the realm may bind: its records' and equipment types' activity types. */
export async function listBindingsAndTargets(
  db: Database,
  realmId: string,
): Promise<CalculationBindingListResponse> {
  const [{ bindings }, targets] = await Promise.all([
    listBindings(db, realmId),
    createCalculationRepository(db).bindingTargets(realmId),
  ]);
  return { bindings, targets };
}

/** Binds a target to a calculation the realm sees (its own or inherited) that has a published version. */
export async function bindCalculation(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  input: BindingInput,
): Promise<CalculationBinding> {
  const context = await realmContext(db, realmId);
  return db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const summary = await repository.findVisible(context.lineage, input.calculationId);
    if (!summary) throw fieldRefusal(404, { 'body/calculationId': CALCULATION_NOT_FOUND });
    if (!summary.latestPublished) {
      throw fieldRefusal(409, {
        'body/calculationId': 'Only a calculation with a published version can be bound: publish it first',
      });
    }
    const previous = (await repository.listBindings([realmId])).find(
      (binding) => binding.targetKind === input.targetKind && binding.targetKey === input.targetKey,
    );
    const row = await repository.bind(realmId, {
      targetKind: input.targetKind,
      targetKey: input.targetKey,
      calculationId: input.calculationId,
      createdBy: actor.id,
    });
    await recordChange(transaction, realmId, actor, {
      action: previous ? 'update' : 'create',
      entityType: CALCULATION_AUDIT_ENTITIES.binding,
      entityId: `${row.targetKind}/${row.targetKey}`,
      before: previous ? { calculationId: previous.calculationId } : null,
      after: { calculationId: row.calculationId, calculationName: summary.calculation.name },
    });
    return {
      targetKind: row.targetKind,
      targetKey: row.targetKey,
      calculationId: row.calculationId,
      calculationName: summary.calculation.name,
      inheritedFrom: null,
    };
  });
}

export async function unbindCalculation(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  targetKind: CalculationBindingKind,
  targetKey: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const before = (await repository.listBindings([realmId])).find(
      (binding) => binding.targetKind === targetKind && binding.targetKey === targetKey,
    );
    if (!before || !(await repository.unbind(realmId, targetKind, targetKey))) {
      throw new HttpError(404, 'The realm has no binding of this target');
    }
    await recordChange(transaction, realmId, actor, {
      action: 'delete',
      entityType: CALCULATION_AUDIT_ENTITIES.binding,
      entityId: `${targetKind}/${targetKey}`,
      before: { calculationId: before.calculationId },
      after: null,
    });
  });
}

// Datasets -------------------------------------------------------------------------------------------------------

function toDataset(
  context: RealmContext,
  row: CalculationDatasetRow,
  versions: readonly CalculationDatasetVersionRow[],
): CalculationDataset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    inheritedFrom: inheritedFrom(context, row.realmId),
    versions: versions
      .filter((version) => version.datasetId === row.id)
      .map((version) => ({
        id: version.id,
        number: version.number,
        asOf: version.asOf,
        columns: version.columns,
        rowCount: version.rows.length,
        fileName: version.fileName,
        createdOn: version.createdOn.toISOString(),
      })),
  };
}

export async function listDatasets(db: Database, realmId: string) {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const datasets = await repository.listDatasets(context.lineage);
  const versions = await repository.listDatasetVersions(
    context.lineage,
    datasets.map((row) => row.id),
  );
  return { datasets: datasets.map((row) => toDataset(context, row, versions)) };
}

const DATASET_NOT_FOUND = 'No such dataset in this realm';

/** The dataset with one page of the rows of a version (the newest by as-of date unless one is asked for). */
export async function readDataset(
  db: Database,
  realmId: string,
  id: string,
  query: DatasetRowsQuery,
): Promise<CalculationDatasetDetail> {
  const context = await realmContext(db, realmId);
  const repository = createCalculationRepository(db);
  const dataset = (await repository.listDatasets(context.lineage)).find((row) => row.id === id);
  if (!dataset) throw new HttpError(404, DATASET_NOT_FOUND);
  const versions = await repository.listDatasetVersions(context.lineage, [id]);
  const version =
    query.version === undefined ? versions[0] : versions.find((each) => each.number === query.version);
  if (query.version !== undefined && !version) {
    throw fieldRefusal(404, { 'query/version': `The dataset has no version ${query.version}` });
  }
  const rows = version?.rows ?? [];
  return {
    ...toDataset(context, dataset, versions),
    rows: rows.slice(query.offset, query.offset + query.limit),
    versionNumber: version?.number ?? null,
    offset: query.offset,
    totalRows: rows.length,
  };
}

/** Deletes the realm's own dataset and its versions; formulas that LOOKUP it then report it unknown. */
export async function deleteDataset(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const dataset = await repository.lockOwnDataset(realmId, id);
    if (!dataset) throw new HttpError(404, DATASET_NOT_FOUND);
    const versions = await repository.listDatasetVersions([realmId], [id]);
    await repository.deleteDataset(realmId, id);
    await recordChange(transaction, realmId, actor, {
      action: 'delete',
      entityType: CALCULATION_AUDIT_ENTITIES.dataset,
      entityId: id,
      before: { name: dataset.name, versions: versions.map((version) => version.number) },
      after: null,
    });
  });
}

const MAX_REPORTED_PROBLEMS = 20;

async function importTableOf(input: DatasetImportInput): Promise<ImportTable> {
  if (input.format === 'csv') return parseCsv(input.content);
  try {
    const rows: ImportRow[] = [];
    for await (const row of readWorksheetRows(Buffer.from(input.content, 'base64'))) rows.push(row);
    return toImportTable(rows);
  } catch (error) {
    if (error instanceof WorkbookError) throw fieldRefusal(422, { 'body/content': error.message });
    throw error;
  }
}

/** A number cell stays a number, text stays text, an empty cell is null. */
function datasetCell(value: unknown): string | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = cellText(value as Parameters<typeof cellText>[0]);
  if (text === '') return null;
  const number = Number(text);
  return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) && Number.isFinite(number) ? number : text;
}

/** Reads the file into rows by column, refusing (422) with each bad row and column named. */
async function datasetRowsOf(input: DatasetImportInput) {
  const table = await importTableOf(input);
  const problems: Record<string, string> = {};
  const columns = table.columns.map((column) => column.trim());
  if (columns.length === 0) problems['body/content'] = 'The file has no header row naming its columns';
  columns.forEach((column, index) => {
    if (column === '') problems[`body/content/columns/${index + 1}`] = `Column ${index + 1} has no name`;
    else if (columns.indexOf(column) !== index) {
      problems[`body/content/columns/${index + 1}`] = `Column '${column}' appears twice`;
    }
  });
  if (table.rows.length === 0) problems['body/content'] = 'The file has no rows under its header';
  if (table.rows.length > MAX_DATASET_ROWS) {
    problems['body/content'] = `A dataset may have at most ${MAX_DATASET_ROWS.toLocaleString('en-US')} rows`;
  }
  const rows: Record<string, string | number | null>[] = [];
  for (const row of table.rows) {
    if (
      row.cells.length > columns.length &&
      row.cells.slice(columns.length).some((cell) => cellText(cell) !== '')
    ) {
      if (Object.keys(problems).length < MAX_REPORTED_PROBLEMS) {
        problems[`body/content/rows/${row.rowNumber}`] =
          `Row ${row.rowNumber} has more cells than the header has columns`;
      }
      continue;
    }
    const first = datasetCell(row.cells[0]);
    if (first === null && Object.keys(problems).length < MAX_REPORTED_PROBLEMS) {
      problems[`body/content/rows/${row.rowNumber}/${columns[0] ?? '1'}`] =
        `Row ${row.rowNumber}, column '${columns[0]}': the key is empty`;
    }
    rows.push(Object.fromEntries(columns.map((column, index) => [column, datasetCell(row.cells[index])])));
  }
  if (Object.keys(problems).length > 0) throw fieldRefusal(422, problems);
  return { columns, rows };
}

export async function importDataset(
  db: Database,
  realmId: string,
  actor: CalculationActor,
  input: DatasetImportInput,
) {
  const { columns, rows } = await datasetRowsOf(input);
  const context = await realmContext(db, realmId);
  return db.transaction(async (transaction) => {
    const repository = createCalculationRepository(transaction);
    const existing = await repository.findOwnDatasetByName(realmId, input.name);
    const dataset =
      existing ??
      (await repository.insertDataset(realmId, { name: input.name, description: input.description }));
    const version = await repository.insertDatasetVersion(realmId, dataset.id, {
      asOf: input.asOf,
      columns,
      rows,
      fileName: input.fileName,
      importedBy: actor.id,
    });
    // The rows are not copied into the log: the version keeps them, the entry names it.
    await recordChange(transaction, realmId, actor, {
      action: existing ? 'update' : 'create',
      entityType: CALCULATION_AUDIT_ENTITIES.dataset,
      entityId: dataset.id,
      before: null,
      after: {
        name: dataset.name,
        versionId: version.id,
        version: version.number,
        asOf: version.asOf,
        columns,
        rowCount: rows.length,
        fileName: version.fileName,
      },
    });
    const versions = await repository.listDatasetVersions([realmId], [dataset.id]);
    return toDataset(context, dataset, versions);
  });
}
