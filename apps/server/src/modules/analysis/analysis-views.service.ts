import { analysisQuerySchema, type AnalysisView, type AnalysisViewInput } from '@ecc/contracts';
import { createAnalysisViewRepository, type AnalysisViewRow, type Database } from '@ecc/db';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

/*
 * Saved analyses (decision 028): a private view is its owner's only, a shared one is read by the whole realm;
 * only the owner changes or deletes a view. A view another user cannot see answers 404, as if it did not exist.
 */

interface Caller {
  realm: { id: string };
  user: { id: string; email: string; properties: Readonly<Record<string, unknown>> };
}

const NOT_FOUND_MESSAGE = 'No saved analysis has this id';
const NOT_OWNER_MESSAGE = 'Only the owner of a shared analysis may change or delete it';

function nameTaken(name: string) {
  return fieldRefusal(409, { 'body/name': `You have a saved analysis named "${name}" already` });
}

function viewOf(
  view: AnalysisViewRow,
  owner: { email: string; name: string | null },
  callerId: string,
): AnalysisView {
  return {
    id: view.id,
    name: view.name,
    visibility: view.visibility,
    // Stored after the same schema checked it; parsed again so an older definition gains new defaults.
    definition: analysisQuerySchema.parse(view.definition),
    ownerName: owner.name ?? owner.email,
    isOwn: view.ownerId === callerId,
    modifiedOn: view.modifiedOn.toISOString(),
  };
}

const ownerOf = (caller: Caller) => ({
  email: caller.user.email,
  name: typeof caller.user.properties.name === 'string' ? caller.user.properties.name : null,
});

export async function listAnalysisViews(db: Database, caller: Caller): Promise<{ views: AnalysisView[] }> {
  const rows = await createAnalysisViewRepository(db).listVisible(caller.realm.id, caller.user.id);
  return {
    views: rows.map((row) =>
      viewOf(row.view, { email: row.ownerEmail, name: row.ownerName }, caller.user.id),
    ),
  };
}

export async function createAnalysisView(
  db: Database,
  caller: Caller,
  input: AnalysisViewInput,
): Promise<AnalysisView> {
  const view = await createAnalysisViewRepository(db).insert(caller.realm.id, caller.user.id, input);
  if (!view) throw nameTaken(input.name);
  return viewOf(view, ownerOf(caller), caller.user.id);
}

export async function updateAnalysisView(
  db: Database,
  caller: Caller,
  id: string,
  input: AnalysisViewInput,
): Promise<AnalysisView> {
  return db.transaction(async (transaction) => {
    const repository = createAnalysisViewRepository(transaction);
    const found = await repository.findVisible(caller.realm.id, caller.user.id, id);
    if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (found.view.ownerId !== caller.user.id) throw new HttpError(403, NOT_OWNER_MESSAGE);
    const sameName = await repository.findOwnByName(caller.realm.id, caller.user.id, input.name);
    if (sameName && sameName.id !== id) throw nameTaken(input.name);
    const view = await repository.update(caller.realm.id, caller.user.id, id, input);
    if (!view) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return viewOf(view, ownerOf(caller), caller.user.id);
  });
}

export async function deleteAnalysisView(db: Database, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createAnalysisViewRepository(transaction);
    const found = await repository.findVisible(caller.realm.id, caller.user.id, id);
    if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (found.view.ownerId !== caller.user.id) throw new HttpError(403, NOT_OWNER_MESSAGE);
    await repository.delete(caller.realm.id, caller.user.id, id);
  });
}
