import { calculationParameterSchema, type CalculationParameter } from '@ecc/contracts';
import { Button, FormField, Input } from '@ecc/ui';
import { PlusIcon, Trash2Icon } from 'lucide-react';

export interface CalculationIdeParametersProps {
  readonly parameters: readonly CalculationParameter[];
  /** The parameters the formula reads before setting them, offered when not declared. */
  readonly inputNames: readonly string[];
  readonly isReadOnly: boolean;
  readonly onChange: (parameters: readonly CalculationParameter[]) => void;
}

function nameError(parameters: readonly CalculationParameter[], index: number): string | undefined {
  const parameter = parameters[index];
  if (parameter === undefined) return undefined;
  const parsed = calculationParameterSchema.shape.name.safeParse(parameter.name);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (parameters.findIndex((each) => each.name === parameter.name) !== index) {
    return `:${parameter.name} is declared twice`;
  }
  return undefined;
}

/** The Parameters tab: each parameter's name, unit and description, saved with the formula as its version. */
export function CalculationIdeParameters({
  parameters,
  inputNames,
  isReadOnly,
  onChange,
}: CalculationIdeParametersProps) {
  const undeclared = inputNames.filter((name) => !parameters.some((parameter) => parameter.name === name));
  const change = (index: number, field: keyof CalculationParameter, value: string) =>
    onChange(
      parameters.map((parameter, at) => (at === index ? { ...parameter, [field]: value } : parameter)),
    );

  return (
    <div className="grid gap-4">
      {parameters.length === 0 ? (
        <p className="text-muted-foreground text-sm">No parameter is declared yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Parameters">
          {parameters.map((parameter, index) => (
            <li
              key={index}
              className="grid items-start gap-2 rounded border p-3 sm:grid-cols-[1fr_8rem_2fr_auto]"
            >
              <FormField label={`Name of parameter ${index + 1}`} error={nameError(parameters, index)}>
                <Input
                  value={parameter.name}
                  readOnly={isReadOnly}
                  className="font-mono"
                  onChange={(event) => change(index, 'name', event.target.value)}
                />
              </FormField>
              <FormField label={`Unit of :${parameter.name}`}>
                <Input
                  value={parameter.unit}
                  readOnly={isReadOnly}
                  onChange={(event) => change(index, 'unit', event.target.value)}
                />
              </FormField>
              <FormField label={`Description of :${parameter.name}`}>
                <Input
                  value={parameter.description}
                  readOnly={isReadOnly}
                  onChange={(event) => change(index, 'description', event.target.value)}
                />
              </FormField>
              {isReadOnly ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  className="sm:mt-6"
                  aria-label={`Remove parameter :${parameter.name}`}
                  onClick={() => onChange(parameters.filter((_, at) => at !== index))}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isReadOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => onChange([...parameters, { name: '', unit: '', description: '' }])}
          >
            <PlusIcon aria-hidden="true" /> Add parameter
          </Button>
          {undeclared.length === 0 ? null : (
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                onChange([...parameters, ...undeclared.map((name) => ({ name, unit: '', description: '' }))])
              }
            >
              Declare what the formula reads ({undeclared.map((name) => `:${name}`).join(', ')})
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
