import {
  calculationCreateSchema,
  calculationEndpoints,
  type CalculationCreate,
  type CalculationFolder,
} from '@ecc/contracts';
import type { CalculationExample } from '@ecc/domain';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { calculationQueryKeys } from './stored-calculations-api.ts';

interface NewCalculationValues {
  name: string;
  folderId: string;
  description: string;
}

const FIELDS = ['name', 'folderId', 'description'] as const;

/** A name a formula can call (`#name`) made from an example's id. */
function nameOfExample(example: CalculationExample): string {
  const name = example.id.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[A-Za-z]/.test(name) ? name : `calculation-${name}`;
}

/** Creates a calculation (its first version is the formula given: empty, or an example's) and opens it. */
export function CalculationIdeNewDialog({
  folders,
  example,
  onCreated,
  onClose,
}: {
  folders: readonly CalculationFolder[];
  example: CalculationExample | undefined;
  onCreated: (calculationId: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const ownFolders = folders.filter((folder) => folder.inheritedFrom === null);
  const { form, submit, formError } = useContractForm<NewCalculationValues, CalculationCreate>({
    schema: calculationCreateSchema,
    defaultValues: {
      name: example === undefined ? '' : nameOfExample(example),
      folderId: '',
      description:
        example === undefined
          ? ''
          : `${example.title}: ${example.summary} (${example.source})`.slice(0, 2000),
    },
    toRequest: (values) => ({
      name: values.name,
      folderId: values.folderId === '' ? null : values.folderId,
      description: values.description,
      formula: example?.formula ?? '',
      parameters: (example?.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        unit: '',
        description: parameter.description.slice(0, 2000),
      })),
    }),
    fieldOf: topLevelFieldOf(FIELDS),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (request) => {
    const created = await callEndpoint(calculationEndpoints.create, { body: request });
    await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
    onCreated(created.version.calculationId);
  });

  return (
    <FormDialog
      title={example === undefined ? 'New calculation' : `New calculation from “${example.title}”`}
      description="Formulas call a calculation by its name (#name). Its first version is saved as a draft."
      formLabel="New calculation"
      submitLabel="Create"
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input className="font-mono" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Folder" error={errors.folderId?.message}>
        <select className={selectClasses} {...register('folderId')}>
          <option value="">No folder</option>
          {ownFolders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Input {...register('description')} />
      </FormField>
    </FormDialog>
  );
}
