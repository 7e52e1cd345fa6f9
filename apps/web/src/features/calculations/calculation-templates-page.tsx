import { calculationEndpoints, calculationNameSchema, endpointUrl, exportEndpoints } from '@ecc/contracts';
import { CALCULATION_TEMPLATES, CALCULATION_TYPE_LABELS, type CalculationTemplate } from '@ecc/domain';
import { Button, FormDialog, FormField, Input } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { formatSignificant } from '#lib/format/index.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { CalculationTypeIcon } from './calculation-icons.tsx';
import { FolderChoice, TOP_LEVEL } from './calculation-folder-choice.tsx';
import { calculationLibraryQueryOptions, calculationsQueryKey } from './calculation-pages-api.ts';

/*
 * `/calc-editor/templates` (issue 13 item 8): a starting point per GHG Protocol method, each with its formula,
 * parameters and units, worked tests and source. "Create from template" makes a draft calculation with the tests
 * attached (they run on it at once) and opens it in the editor.
 */

function expectedText(test: CalculationTemplate['tests'][number]): string {
  if (test.expectedValue !== null) return `${formatSignificant(test.expectedValue, 10)} kg CO2e`;
  return Object.entries(test.expectedGases ?? {})
    .map(([gas, mass]) => `${formatSignificant(mass, 10)} kg ${gas}`)
    .join(', ');
}

function CreateFromTemplateDialog({
  template,
  onClose,
}: {
  template: CalculationTemplate;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const library = useQuery(calculationLibraryQueryOptions);
  const [name, setName] = useState(template.suggestedName);
  const [folderId, setFolderId] = useState(TOP_LEVEL);
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  const [saveError, setSaveError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  async function submit() {
    setFields({});
    setSaveError(undefined);
    const checked = calculationNameSchema.safeParse(name);
    if (!checked.success) {
      setFields({ name: checked.error.issues[0]?.message });
      return;
    }
    setIsSaving(true);
    try {
      const created = await callEndpoint(calculationEndpoints.create, {
        body: {
          name: checked.data,
          folderId: folderId === TOP_LEVEL ? null : folderId,
          description: `${template.summary} Method: ${template.source}`.slice(0, 2000),
          formula: template.formula,
          parameters: template.parameters.map((parameter) => ({ ...parameter })),
          tests: template.tests.map((test) => ({
            name: test.name,
            inputs: { ...test.inputs },
            expectedValue: test.expectedValue,
            expectedGases: test.expectedGases ? { ...test.expectedGases } : null,
            tolerance: test.tolerance,
          })),
        },
      });
      await queryClient.invalidateQueries({ queryKey: calculationsQueryKey });
      await navigate({ to: '/calc-editor', search: { calculation: created.version.calculationId } });
    } catch (error) {
      const placed = serverFieldErrors(error, (path) =>
        path[0] === 'name' ? 'name' : path[0] === 'folderId' ? 'folder' : undefined,
      );
      setFields(placed.fields);
      setSaveError(placed.form);
      setIsSaving(false);
    }
  }

  return (
    <FormDialog
      title={`Create from ${template.title}`}
      description="A draft calculation with this formula, its parameters and tests; the tests run on it at once. It opens in the editor."
      formLabel={`Create from ${template.title}`}
      submitLabel="Create and open"
      isSaving={isSaving}
      saveError={saveError}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <FormField label="Name" error={fields.name} description="How formulas call it: #name">
        <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" autoFocus />
      </FormField>
      <FormField label="Folder" error={fields.folder}>
        <FolderChoice folders={library.data?.folders ?? []} value={folderId} onChange={setFolderId} />
      </FormField>
    </FormDialog>
  );
}

function TemplateCard({ template, canCreate }: { template: CalculationTemplate; canCreate: boolean }) {
  const titleId = useId();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <article
      aria-labelledby={titleId}
      className="grid content-start gap-3 rounded-lg border p-4"
      data-template-id={template.id}
    >
      <header className="flex items-start gap-3">
        <CalculationTypeIcon type={template.calculationType} className="mt-1 size-6 shrink-0" />
        <div className="grid gap-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {template.title}
          </h2>
          <p className="text-muted-foreground text-sm">
            {CALCULATION_TYPE_LABELS[template.calculationType]} · {template.summary}
          </p>
        </div>
      </header>
      <p className="text-sm">
        <span className="font-medium">Method: </span>
        <cite>{template.source}</cite>
      </p>
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Formula</h3>
        <pre className="bg-muted rounded p-3 text-xs break-words whitespace-pre-wrap">
          <code>{template.formula}</code>
        </pre>
      </div>
      <table className="text-sm">
        <caption className="text-left text-sm font-medium">Parameters</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-1 pr-3">
              Name
            </th>
            <th scope="col" className="py-1 pr-3">
              Unit
            </th>
            <th scope="col" className="py-1 pr-3">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody>
          {template.parameters.map((parameter) => (
            <tr key={parameter.name} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-3 text-left font-mono font-normal">
                :{parameter.name}
              </th>
              <td className="py-1 pr-3">{parameter.unit || '—'}</td>
              <td className="text-muted-foreground py-1 pr-3">{parameter.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-1 text-sm">
        <h3 className="font-medium">Tests (worked values)</h3>
        <ul className="grid gap-1">
          {template.tests.map((test) => (
            <li key={test.name}>
              <span className="font-medium">{test.name}:</span>{' '}
              <span className="font-mono text-xs">
                {Object.entries(test.inputs)
                  .map(([key, value]) => `:${key} = ${String(value)}`)
                  .join(', ')}
              </span>{' '}
              → {expectedText(test)}
            </li>
          ))}
        </ul>
      </div>
      {canCreate ? (
        <div>
          <Button onClick={() => setIsCreating(true)} aria-label={`Create from template: ${template.title}`}>
            Create from template
          </Button>
        </div>
      ) : null}
      {isCreating ? (
        <CreateFromTemplateDialog template={template} onClose={() => setIsCreating(false)} />
      ) : null}
    </article>
  );
}

export function CalculationTemplatesPage({ route }: PageProps) {
  const canCreate = useCan('update', 'EmissionFactor');
  return (
    <>
      <PageHeader
        title={route.title}
        description="Starting points per GHG Protocol method. Each comes with its formula, parameters with units, tests with worked values and the source of its method."
      />
      <div className="mb-4 flex justify-end">
        <ExportMenu
          what="the templates"
          hrefOf={(format) => endpointUrl(exportEndpoints.calculationTemplates, undefined, { format })}
        />
      </div>
      {canCreate ? null : (
        <p className="text-muted-foreground mb-4 text-sm">
          Creating calculations is for those who may change the realm&apos;s emission factors.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {CALCULATION_TEMPLATES.map((template) => (
          <TemplateCard key={template.id} template={template} canCreate={canCreate} />
        ))}
      </div>
    </>
  );
}
