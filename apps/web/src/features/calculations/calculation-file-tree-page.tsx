import {
  calculationEndpoints,
  calculationNameSchema,
  endpointUrl,
  exportEndpoints,
  type CalculationFolder,
  type CalculationSummary,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, FormDialog, FormField, Input } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { FolderChoice, TOP_LEVEL } from './calculation-folder-choice.tsx';
import { calculationLibraryQueryOptions, calculationsQueryKey } from './calculation-pages-api.ts';
import {
  buildCalculationTree,
  missingScopeFolders,
  visibleTreeItems,
  type TreeNode,
  type VisibleTreeItem,
} from './calculation-tree.ts';

/*
 * `/calc-editor/FileTree` (issue 13 item 7): the realm's calculations in their folders, each with its latest
 * version, state, test status and where it is inherited from. A tree (role="tree") moved through with the arrow
 * keys; move by drag and drop or the "Move to…" dialog, rename inline (F2), copy, override an inherited one, delete.
 */

const TEST_STATUS_LABELS: Record<CalculationSummary['testStatus'], string> = {
  passed: 'tests passing',
  failed: 'tests failing',
  'not-run': 'tests not run',
  'no-tests': 'no tests',
};

function calculationDescription(calculation: CalculationSummary): string {
  const version = calculation.latestVersion === null ? 'no version' : `v${calculation.latestVersion}`;
  const published =
    calculation.publishedVersion !== null && calculation.publishedVersion !== calculation.latestVersion
      ? `, v${calculation.publishedVersion} published`
      : '';
  return `${version} ${calculation.state ?? ''}${published}, ${TEST_STATUS_LABELS[calculation.testStatus]}`;
}

type Dialog =
  | { readonly kind: 'move'; readonly calculation: CalculationSummary }
  | { readonly kind: 'copy'; readonly calculation: CalculationSummary; readonly isOverride: boolean }
  | { readonly kind: 'new-folder' };

function TreeDialog({
  dialog,
  folders,
  onDone,
  onClose,
}: {
  dialog: Dialog;
  folders: readonly CalculationFolder[];
  /** After the change: the item to select, and what to tell the reader. */
  onDone: (selectId: string, message: string) => Promise<void>;
  onClose: () => void;
}) {
  const [folderId, setFolderId] = useState(
    dialog.kind === 'move' ? (dialog.calculation.folderId ?? TOP_LEVEL) : TOP_LEVEL,
  );
  const [name, setName] = useState(
    dialog.kind === 'copy'
      ? dialog.isOverride
        ? dialog.calculation.name
        : `${dialog.calculation.name}-copy`
      : '',
  );
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  const [saveError, setSaveError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  async function submit() {
    setFields({});
    setSaveError(undefined);
    const target = folderId === TOP_LEVEL ? null : folderId;
    if (dialog.kind !== 'move') {
      const checked =
        dialog.kind === 'copy' ? calculationNameSchema.safeParse(name) : { success: name.trim() !== '' };
      if (!checked.success) {
        setFields({
          name: 'error' in checked && checked.error ? checked.error.issues[0]?.message : 'Name is required',
        });
        return;
      }
    }
    setIsSaving(true);
    try {
      if (dialog.kind === 'move') {
        await callEndpoint(calculationEndpoints.update, {
          params: { id: dialog.calculation.id },
          body: { folderId: target },
        });
        await onDone(dialog.calculation.id, `Moved ${dialog.calculation.name}.`);
      } else if (dialog.kind === 'copy') {
        const copy = await callEndpoint(calculationEndpoints.copy, {
          params: { id: dialog.calculation.id },
          body: { name, folderId: target },
        });
        await onDone(copy.version.calculationId, `Copied ${dialog.calculation.name} as ${name}.`);
      } else {
        const folder = await callEndpoint(calculationEndpoints.createFolder, {
          body: { name, parentId: target },
        });
        await onDone(folder.id, `Created the folder ${folder.name}.`);
      }
      onClose();
    } catch (error) {
      const placed = serverFieldErrors(error, (path) =>
        path[0] === 'name' ? 'name' : path[0] === 'folderId' || path[0] === 'parentId' ? 'folder' : undefined,
      );
      setFields(placed.fields);
      setSaveError(placed.form);
    } finally {
      setIsSaving(false);
    }
  }

  const title =
    dialog.kind === 'move'
      ? `Move ${dialog.calculation.name} to…`
      : dialog.kind === 'copy'
        ? dialog.isOverride
          ? `Override ${dialog.calculation.name}`
          : `Copy ${dialog.calculation.name}`
        : 'New folder';
  const description =
    dialog.kind === 'move'
      ? 'Choose the folder it goes in.'
      : dialog.kind === 'copy'
        ? dialog.isOverride
          ? `A copy in this realm, with the latest formula and the tests of ${dialog.calculation.inheritedFrom}'s. Under the same name it hides the inherited one in formulas and bindings.`
          : 'A copy with the latest formula as its first draft, and the tests.'
        : 'A folder of the realm’s own, at the top level or inside another.';
  return (
    <FormDialog
      title={title}
      description={description}
      formLabel={title}
      submitLabel={
        dialog.kind === 'move'
          ? 'Move'
          : dialog.kind === 'copy'
            ? dialog.isOverride
              ? 'Override'
              : 'Copy'
            : 'Create folder'
      }
      isSaving={isSaving}
      saveError={saveError}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {dialog.kind !== 'move' ? (
        <FormField label="Name" error={fields.name}>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            autoFocus
          />
        </FormField>
      ) : null}
      <FormField label={dialog.kind === 'new-folder' ? 'Inside' : 'Folder'} error={fields.folder}>
        <FolderChoice folders={folders} value={folderId} onChange={setFolderId} />
      </FormField>
    </FormDialog>
  );
}

function InlineRename({
  item,
  onDone,
  onCancel,
}: {
  item: TreeNode;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const initial = item.kind === 'folder' ? item.folder.name : item.calculation.name;
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function save() {
    setError(undefined);
    if (item.kind === 'calculation') {
      const checked = calculationNameSchema.safeParse(name);
      if (!checked.success) {
        setError(checked.error.issues[0]?.message);
        return;
      }
    }
    try {
      if (item.kind === 'calculation') {
        await callEndpoint(calculationEndpoints.update, { params: { id: item.id }, body: { name } });
      } else {
        await callEndpoint(calculationEndpoints.updateFolder, {
          params: { id: item.id },
          body: { name, parentId: item.folder.parentId },
        });
      }
      await onDone();
    } catch (caught) {
      const placed = serverFieldErrors(caught);
      setError(placed.fields.name ?? placed.form);
      inputRef.current?.focus();
    }
  }

  const errorId = `rename-error-${item.id}`;
  return (
    <span className="inline-grid gap-1">
      <Input
        ref={inputRef}
        aria-label={`New name of ${initial}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-7 w-64"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      {error ? (
        <span id={errorId} role="alert" className="text-destructive text-xs">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function CalculationTree({
  folders,
  calculations,
  canEdit,
}: {
  folders: readonly CalculationFolder[];
  calculations: readonly CalculationSummary[];
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const tree = useMemo(() => buildCalculationTree(folders, calculations), [folders, calculations]);
  // Folders start open, new ones too: the tree remembers which the reader closed.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const expanded = useMemo(
    () => new Set(folders.filter((folder) => !collapsed.has(folder.id)).map((folder) => folder.id)),
    [folders, collapsed],
  );
  const items = useMemo(() => visibleTreeItems(tree, expanded), [tree, expanded]);
  const [activeId, setActiveId] = useState<string | undefined>(items[0]?.node.id);
  const [renamingId, setRenamingId] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();
  const [pendingDelete, setPendingDelete] = useState<TreeNode>();
  const [message, setMessage] = useState<{ text: string; isError: boolean }>();
  const [dropTarget, setDropTarget] = useState<string>();
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const shouldFocus = useRef(false);

  const active = items.find((item) => item.node.id === activeId) ?? items[0];
  useEffect(() => {
    if (shouldFocus.current && active) {
      itemRefs.current.get(active.node.id)?.focus();
      shouldFocus.current = false;
    }
  }, [active]);

  /** Reloads the library; the item named is selected, its folders opened, and it takes the focus. */
  const refresh = async (selectId?: string) => {
    await queryClient.invalidateQueries({ queryKey: calculationsQueryKey });
    if (!selectId) return;
    const library = queryClient.getQueryData(calculationLibraryQueryOptions.queryKey);
    const parentOf = new Map(library?.folders.map((folder) => [folder.id, folder.parentId]) ?? []);
    const start =
      library?.calculations.find((calculation) => calculation.id === selectId)?.folderId ??
      parentOf.get(selectId) ??
      null;
    const ancestors = new Set<string>();
    for (let at = start; at !== null && !ancestors.has(at); at = parentOf.get(at) ?? null) ancestors.add(at);
    setCollapsed((current) => new Set([...current].filter((id) => !ancestors.has(id))));
    setActiveId(selectId);
    shouldFocus.current = true;
  };

  function focusItem(item: VisibleTreeItem | undefined) {
    if (!item) return;
    shouldFocus.current = true;
    setActiveId(item.node.id);
  }

  function setOpen(id: string, isOpen: boolean) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (isOpen) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const isOwn = (node: TreeNode) =>
    (node.kind === 'folder' ? node.folder.inheritedFrom : node.calculation.inheritedFrom) === null;

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, item: VisibleTreeItem) {
    const index = items.indexOf(item);
    const { node } = item;
    const isFolder = node.kind === 'folder';
    let isHandled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusItem(items[index + 1]);
        break;
      case 'ArrowUp':
        focusItem(items[index - 1]);
        break;
      case 'Home':
        focusItem(items[0]);
        break;
      case 'End':
        focusItem(items.at(-1));
        break;
      case 'ArrowRight':
        if (isFolder && !expanded.has(node.id)) setOpen(node.id, true);
        else if (isFolder) focusItem(items[index + 1]?.parentId === node.id ? items[index + 1] : undefined);
        break;
      case 'ArrowLeft':
        if (isFolder && expanded.has(node.id)) setOpen(node.id, false);
        else focusItem(items.find((each) => each.node.id === item.parentId));
        break;
      case 'Enter':
        if (isFolder) setOpen(node.id, !expanded.has(node.id));
        else itemRefs.current.get(node.id)?.querySelector('a')?.click();
        break;
      case 'F2':
        if (canEdit && isOwn(node)) setRenamingId(node.id);
        break;
      case 'm':
        if (canEdit && node.kind === 'calculation' && isOwn(node)) {
          setDialog({ kind: 'move', calculation: node.calculation });
        }
        break;
      case 'Delete':
        if (canEdit && isOwn(node)) setPendingDelete(node);
        break;
      default:
        isHandled = false;
    }
    if (isHandled) event.preventDefault();
  }

  async function move(calculationId: string, folderId: string | null) {
    setMessage(undefined);
    try {
      const moved = await callEndpoint(calculationEndpoints.update, {
        params: { id: calculationId },
        body: { folderId },
      });
      setMessage({ text: `Moved ${moved.name}.`, isError: false });
      await refresh(calculationId);
    } catch (error) {
      setMessage({ text: serverFieldErrors(error).form ?? 'The move failed.', isError: true });
    }
  }

  function onDrop(event: DragEvent, folderId: string | null) {
    event.preventDefault();
    setDropTarget(undefined);
    const calculationId = event.dataTransfer.getData('application/x-ecc-calculation');
    if (calculationId) void move(calculationId, folderId);
  }

  const allowDrop = (event: DragEvent, target: string) => {
    if (!event.dataTransfer.types.includes('application/x-ecc-calculation')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(target);
  };

  async function remove(node: TreeNode) {
    setMessage(undefined);
    try {
      if (node.kind === 'calculation') {
        await callEndpoint(calculationEndpoints.remove, { params: { id: node.id } });
      } else {
        await callEndpoint(calculationEndpoints.deleteFolder, { params: { id: node.id } });
      }
      setMessage({
        text: `Deleted ${node.kind === 'folder' ? node.folder.name : node.calculation.name}.`,
        isError: false,
      });
      await refresh();
    } catch (error) {
      setMessage({ text: serverFieldErrors(error).form ?? 'The delete failed.', isError: true });
    }
  }

  const selected = active?.node;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-2">
        <div aria-live="polite">
          {message ? (
            <Alert kind={message.isError ? 'error' : 'success'}>
              <AlertDescription>{message.text}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <p className="text-muted-foreground text-sm">
          Arrow keys move through the tree, Right and Left open and close folders, Enter opens
          {canEdit ? ', F2 renames, M moves to another folder, Delete deletes' : ''}.
          {canEdit ? ' Drag a calculation onto a folder to move it.' : ''}
        </p>
        <ul role="tree" aria-label="Calculations by folder" className="rounded-lg border p-1">
          {items.map((item) => {
            const { node } = item;
            const isActive = node.id === active?.node.id;
            const isFolder = node.kind === 'folder';
            const inheritedFrom = isFolder ? node.folder.inheritedFrom : node.calculation.inheritedFrom;
            const canDrag = canEdit && !isFolder && inheritedFrom === null && renamingId !== node.id;
            const canReceive = canEdit && isFolder && inheritedFrom === null;
            return (
              <li
                key={node.id}
                ref={(element) => {
                  if (element) itemRefs.current.set(node.id, element);
                  else itemRefs.current.delete(node.id);
                }}
                role="treeitem"
                aria-level={item.level}
                aria-setsize={item.setSize}
                aria-posinset={item.positionInSet}
                aria-expanded={isFolder ? expanded.has(node.id) : undefined}
                aria-selected={isActive}
                tabIndex={isActive ? 0 : -1}
                data-kind={node.kind}
                draggable={canDrag}
                onDragStart={(event) => {
                  event.dataTransfer.setData('application/x-ecc-calculation', node.id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={canReceive ? (event) => allowDrop(event, node.id) : undefined}
                onDragLeave={canReceive ? () => setDropTarget(undefined) : undefined}
                onDrop={canReceive ? (event) => onDrop(event, node.id) : undefined}
                onKeyDown={(event) => onKeyDown(event, item)}
                onClick={() => setActiveId(node.id)}
                onFocus={() => setActiveId(node.id)}
                style={{ paddingLeft: `${(item.level - 1) * 1.25 + 0.5}rem` }}
                className={`flex min-h-8 items-center gap-2 rounded py-1 pr-2 text-sm outline-none focus-visible:ring-2 ${
                  isActive ? 'bg-accent' : ''
                } ${dropTarget === node.id ? 'ring-primary ring-2' : ''}`}
              >
                <span aria-hidden="true" className="w-4 text-center">
                  {isFolder ? (expanded.has(node.id) ? '▾' : '▸') : '∑'}
                </span>
                {renamingId === node.id ? (
                  <InlineRename
                    item={node}
                    onCancel={() => {
                      setRenamingId(undefined);
                      focusItem(item);
                    }}
                    onDone={async () => {
                      setRenamingId(undefined);
                      await refresh(node.id);
                    }}
                  />
                ) : isFolder ? (
                  <span className="font-medium">{node.folder.name}</span>
                ) : (
                  <Link
                    to="/calc-editor"
                    search={{ calculation: node.id }}
                    tabIndex={-1}
                    className="font-mono underline-offset-4 hover:underline"
                  >
                    {node.calculation.name}
                  </Link>
                )}
                {!isFolder ? (
                  <span className="text-muted-foreground text-xs">
                    {calculationDescription(node.calculation)}
                  </span>
                ) : null}
                {inheritedFrom ? (
                  <span className="text-muted-foreground rounded border px-1 text-xs">
                    inherited from {inheritedFrom}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        {canEdit ? (
          <div
            onDragOver={(event) => allowDrop(event, TOP_LEVEL)}
            onDragLeave={() => setDropTarget(undefined)}
            onDrop={(event) => onDrop(event, null)}
            className={`text-muted-foreground rounded-lg border border-dashed p-2 text-center text-xs ${
              dropTarget === TOP_LEVEL ? 'ring-primary ring-2' : ''
            }`}
          >
            Drop here to move a calculation to the top level
          </div>
        ) : null}
      </div>
      <aside aria-label="Selected item" className="grid content-start gap-3 rounded-lg border p-3">
        {selected ? (
          <>
            <h2 className="font-semibold">
              {selected.kind === 'folder' ? `Folder ${selected.folder.name}` : selected.calculation.name}
            </h2>
            {selected.kind === 'calculation' ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="font-medium">Latest version</dt>
                <dd>{selected.calculation.latestVersion ?? 'none'}</dd>
                <dt className="font-medium">State</dt>
                <dd>{selected.calculation.state ?? 'no version'}</dd>
                <dt className="font-medium">Published</dt>
                <dd>
                  {selected.calculation.publishedVersion
                    ? `version ${selected.calculation.publishedVersion}`
                    : 'not yet'}
                </dd>
                <dt className="font-medium">Tests</dt>
                <dd>{TEST_STATUS_LABELS[selected.calculation.testStatus]}</dd>
                <dt className="font-medium">From</dt>
                <dd>
                  {selected.calculation.inheritedFrom
                    ? `inherited from ${selected.calculation.inheritedFrom} (read-only)`
                    : 'this realm'}
                </dd>
              </dl>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {selected.kind === 'calculation' ? (
                <Button asChild size="sm">
                  <Link to="/calc-editor" search={{ calculation: selected.id }}>
                    Open in the editor
                  </Link>
                </Button>
              ) : null}
              {canEdit && isOwn(selected) ? (
                <>
                  <Button size="sm" variant="outline" onClick={() => setRenamingId(selected.id)}>
                    Rename
                  </Button>
                  {selected.kind === 'calculation' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDialog({ kind: 'move', calculation: selected.calculation })}
                    >
                      Move to…
                    </Button>
                  ) : null}
                  <Button size="sm" variant="outline" onClick={() => setPendingDelete(selected)}>
                    Delete
                  </Button>
                </>
              ) : null}
              {canEdit && selected.kind === 'calculation' ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setDialog({
                      kind: 'copy',
                      calculation: selected.calculation,
                      isOverride: selected.calculation.inheritedFrom !== null,
                    })
                  }
                >
                  {selected.calculation.inheritedFrom !== null ? 'Override' : 'Copy'}
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-muted-foreground text-sm">Select a folder or calculation.</p>
        )}
        {canEdit ? (
          <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'new-folder' })}>
            New folder
          </Button>
        ) : null}
      </aside>
      {dialog ? (
        <TreeDialog
          dialog={dialog}
          folders={folders}
          onDone={async (selectId, text) => {
            setMessage({ text, isError: false });
            await refresh(selectId);
          }}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {pendingDelete ? (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && setPendingDelete(undefined)}
          title={`Delete ${pendingDelete.kind === 'folder' ? `the folder ${pendingDelete.folder.name}` : pendingDelete.calculation.name}?`}
          description={
            pendingDelete.kind === 'folder'
              ? 'Its subfolders go with it. A folder that holds calculations cannot be deleted.'
              : 'Its versions and tests go with it. A calculation with a published version or a binding cannot be deleted.'
          }
          confirmLabel="Delete"
          variant="destructive"
          onConfirm={() => remove(pendingDelete)}
        />
      ) : null}
    </div>
  );
}

function ArrangeButton({ folders }: { folders: readonly CalculationFolder[] }) {
  const queryClient = useQueryClient();
  const [isWorking, setIsWorking] = useState(false);
  const [result, setResult] = useState<string>();
  const missing = missingScopeFolders(folders);

  async function arrange() {
    setIsWorking(true);
    setResult(undefined);
    // The scope folders first, so each category's parent exists; then the categories together.
    const ids = new Map(
      folders
        .filter((folder) => folder.inheritedFrom === null && folder.parentId === null)
        .map((folder) => [folder.name, folder.id]),
    );
    try {
      for (const folder of missing.filter((each) => each.parentName === null)) {
        const created = await callEndpoint(calculationEndpoints.createFolder, {
          body: { name: folder.name, parentId: null },
        });
        ids.set(folder.name, created.id);
      }
      await Promise.all(
        missing.flatMap((folder) =>
          folder.parentName === null
            ? []
            : [
                callEndpoint(calculationEndpoints.createFolder, {
                  body: { name: folder.name, parentId: ids.get(folder.parentName) ?? null },
                }),
              ],
        ),
      );
      setResult(`Created ${missing.length} folder${missing.length === 1 ? '' : 's'}.`);
    } catch (error) {
      setResult(serverFieldErrors(error).form ?? 'Some folders could not be created.');
    } finally {
      setIsWorking(false);
      await queryClient.invalidateQueries({ queryKey: calculationsQueryKey });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        isLoading={isWorking}
        disabled={missing.length === 0}
        onClick={() => void arrange()}
      >
        Arrange by scope and category
      </Button>
      <span className="text-muted-foreground text-sm" aria-live="polite">
        {result ??
          (missing.length === 0
            ? 'Every scope and category folder is there.'
            : `${missing.length} folders to create.`)}
      </span>
    </div>
  );
}

export function CalculationFileTreePage({ route }: PageProps) {
  const canEdit = useCan('update', 'EmissionFactor');
  const library = useQuery(calculationLibraryQueryOptions);
  return (
    <>
      <PageHeader
        title={route.title}
        description="The realm's calculations in their folders, with their latest version, state, tests and where they are inherited from."
      />
      <QueryStates
        query={library}
        loading={<LoadingSkeleton label="Loading the calculations" />}
        errorTitle="The calculations could not be loaded"
      >
        {(data) => (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-start gap-2">
              {canEdit ? <ArrangeButton folders={data.folders} /> : null}
              {data.calculations.length > 0 ? (
                <div className="ml-auto">
                  <ExportMenu
                    what="the calculations"
                    hrefOf={(format) => endpointUrl(exportEndpoints.calculations, undefined, { format })}
                  />
                </div>
              ) : null}
            </div>
            {data.folders.length === 0 && data.calculations.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                The realm has no calculations or folders yet. Start from a{' '}
                <Link to="/calc-editor/templates" className="text-primary underline">
                  template
                </Link>
                .
              </p>
            ) : null}
            <CalculationTree folders={data.folders} calculations={data.calculations} canEdit={canEdit} />
          </div>
        )}
      </QueryStates>
    </>
  );
}
