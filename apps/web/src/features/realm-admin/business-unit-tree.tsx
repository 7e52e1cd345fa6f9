import { endpointUrl, exportEndpoints, type BusinessUnitDto, type BusinessUnitValues } from '@ecc/contracts';
import { inTreeOrder } from '@ecc/domain';
import { Button, ConfirmDialog, EmptyState, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatNumber } from '#lib/format/format-number.ts';
import { BusinessUnitDialog, type BusinessUnitOption } from './business-unit-dialog.tsx';
import {
  afterOrganisationChange,
  createBusinessUnit,
  deleteBusinessUnit,
  updateBusinessUnit,
} from './organisation-api.ts';

type Editing = { kind: 'new'; parentId?: string } | { kind: 'edit'; unit: BusinessUnitDto };

/** Every unit below `id` (and `id` itself): where the unit cannot move. */
function unitAndDescendants(units: readonly BusinessUnitDto[], id: string): Set<string> {
  const found = new Set([id]);
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const unit of units) {
      if (unit.parentId !== null && found.has(unit.parentId) && !found.has(unit.id)) {
        found.add(unit.id);
        isGrowing = true;
      }
    }
  }
  return found;
}

/**
 * The realm's business units as a tree (WAI-ARIA tree pattern: one tab stop, arrows move, Right to the first
 * unit below, Left to the unit above, Home and End), with create, rename/move and delete after confirmation for
 * those who manage the realm.
 */
export function BusinessUnitTree({ units, canManage }: { units: BusinessUnitDto[]; canManage: boolean }) {
  const queryClient = useQueryClient();
  const ordered = inTreeOrder(units, () => 0);
  const [selectedId, setSelectedId] = useState<string | undefined>(ordered[0]?.unit.id);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<BusinessUnitDto>();
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const selected = units.find((unit) => unit.id === selectedId) ?? ordered[0]?.unit;

  function focus(id: string | undefined) {
    if (id === undefined) return;
    setSelectedId(id);
    itemRefs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const index = ordered.findIndex(({ unit }) => unit.id === selected?.id);
    const current = ordered[index]?.unit;
    const keyMoves: Record<string, () => string | undefined> = {
      ArrowDown: () => ordered[Math.min(index + 1, ordered.length - 1)]?.unit.id,
      ArrowUp: () => ordered[Math.max(index - 1, 0)]?.unit.id,
      Home: () => ordered[0]?.unit.id,
      End: () => ordered.at(-1)?.unit.id,
      ArrowRight: () => units.find((unit) => unit.parentId === current?.id)?.id ?? current?.id,
      ArrowLeft: () => current?.parentId ?? current?.id,
    };
    const move = keyMoves[event.key];
    if (move) {
      event.preventDefault();
      focus(move());
    } else if (event.key === 'Enter' && canManage && current) {
      event.preventDefault();
      setEditing({ kind: 'edit', unit: current });
    } else if (event.key === 'Delete' && canManage && current) {
      event.preventDefault();
      setDeleting(current);
    }
  }

  const parentOptions = (excluded: Set<string>): BusinessUnitOption[] =>
    ordered
      .filter(({ unit }) => !excluded.has(unit.id))
      .map(({ unit, depth }) => ({ id: unit.id, name: unit.name, depth }));

  async function save(values: BusinessUnitValues) {
    if (editing?.kind === 'edit') {
      await updateBusinessUnit(editing.unit.id, values);
      toast({ title: `${values.name} saved` });
    } else {
      const created = await createBusinessUnit(values);
      setSelectedId(created.id);
      toast({ title: `${created.name} created` });
    }
    await afterOrganisationChange(queryClient);
  }

  async function remove(unit: BusinessUnitDto) {
    try {
      await deleteBusinessUnit(unit.id);
      toast({ title: `${unit.name} deleted` });
      setSelectedId(undefined);
      await afterOrganisationChange(queryClient);
    } catch (failure) {
      toast({
        title: `${unit.name} was not deleted`,
        description: failure instanceof Error ? failure.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <section aria-labelledby="business-units-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="business-units-heading" className="text-lg font-semibold">
          Business units
        </h2>
        <div className="flex flex-wrap gap-2">
          {ordered.length === 0 ? null : (
            <ExportMenu
              what="business units"
              hrefOf={(format) => endpointUrl(exportEndpoints.businessUnits, undefined, { format })}
            />
          )}
          {canManage ? (
            <>
              <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
                New unit
              </Button>
              {selected ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing({ kind: 'new', parentId: selected.id })}
                  >
                    New unit below {selected.name}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing({ kind: 'edit', unit: selected })}
                  >
                    Rename or move {selected.name}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeleting(selected)}>
                    Delete {selected.name}
                  </Button>
                </>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
      {ordered.length === 0 ? (
        <EmptyState
          title="No business units yet"
          description={
            canManage
              ? 'Create units (regions, divisions, legal entities) and assign facilities to them in each facility’s form.'
              : 'An administrator creates the units facilities belong to.'
          }
        />
      ) : (
        <>
          <p id="business-units-help" className="text-muted-foreground text-sm">
            Arrow keys move through the units
            {canManage ? '; Enter renames or moves the unit, Delete deletes it' : ''}.
          </p>
          <ul
            role="tree"
            aria-label="Business units"
            aria-describedby="business-units-help"
            className="grid gap-1 rounded-lg border p-2"
            onKeyDown={onKeyDown}
          >
            {ordered.map(({ unit, depth }) => {
              const isSelected = unit.id === selected?.id;
              const hasChildren = units.some((other) => other.parentId === unit.id);
              return (
                <li
                  key={unit.id}
                  ref={(element) => {
                    if (element) itemRefs.current.set(unit.id, element);
                    else itemRefs.current.delete(unit.id);
                  }}
                  role="treeitem"
                  aria-level={depth + 1}
                  aria-selected={isSelected}
                  aria-expanded={hasChildren ? true : undefined}
                  tabIndex={isSelected ? 0 : -1}
                  onClick={() => focus(unit.id)}
                  className="aria-selected:bg-accent focus-visible:outline-ring flex cursor-default items-baseline gap-2 rounded px-2 py-1 text-sm focus-visible:outline-2"
                  style={{ paddingLeft: `${0.5 + depth * 1.5}rem` }}
                >
                  <span className="font-medium">{unit.name}</span>
                  {unit.code ? <span className="text-muted-foreground">({unit.code})</span> : null}
                  <span className="text-muted-foreground ml-auto">
                    {unit.facilityCount === 1
                      ? '1 facility'
                      : `${formatNumber(unit.facilityCount)} facilities`}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {editing ? (
        <BusinessUnitDialog
          unit={editing.kind === 'edit' ? editing.unit : undefined}
          parentId={editing.kind === 'new' ? editing.parentId : undefined}
          parents={parentOptions(
            editing.kind === 'edit' ? unitAndDescendants(units, editing.unit.id) : new Set(),
          )}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description="A unit that still holds facilities or units below it is not deleted: move them first."
        confirmLabel="Delete unit"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(undefined);
        }}
      />
    </section>
  );
}
