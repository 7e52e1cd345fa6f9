import { realmEmissionFactorInputSchema, type RealmEmissionFactorDto } from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, Input, Label, controlClasses } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createFactor, deleteFactor, publishFactor } from './emission-factors-api.ts';

const GASES = ['CO2', 'CH4', 'N2O'];
const MASS_UNITS = ['kg', 'g', 't', 'lb'];

interface FactorFields {
  name: string;
  source: string;
  year: string;
  per: string;
  gas: string;
  value: string;
  unit: string;
}

const EMPTY_FIELDS: FactorFields = {
  name: '',
  source: '',
  year: String(new Date().getFullYear()),
  per: '',
  gas: 'CO2',
  value: '',
  unit: 'kg',
};

/** A new realm factor with one gas: saved as a draft, then published (final) or deleted. */
export function NewFactorForm() {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<FactorFields>(EMPTY_FIELDS);
  const [draft, setDraft] = useState<RealmEmissionFactorDto>();
  const [error, setError] = useState<string>();

  function field(name: keyof FactorFields) {
    return {
      id: `factor-${name}`,
      value: fields[name],
      onChange: (event: { target: { value: string } }) =>
        setFields({ ...fields, [name]: event.target.value }),
    };
  }

  async function run(action: () => Promise<void>) {
    setError(undefined);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['emission-factors'] });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = realmEmissionFactorInputSchema.safeParse({
      name: fields.name,
      source: fields.source,
      year: Number(fields.year),
      per: fields.per,
      gases: { [fields.gas]: { value: Number(fields.value), unit: fields.unit } },
    });
    if (!input.success) {
      setError(input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      return;
    }
    void run(async () => {
      setDraft(await createFactor(input.data));
      setFields(EMPTY_FIELDS);
    });
  }

  return (
    <section aria-labelledby="new-factor-heading" className="grid gap-3">
      <h2 id="new-factor-heading" className="text-lg font-semibold">
        New factor
      </h2>
      <form onSubmit={submit} className="grid max-w-2xl grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor="factor-name">Name</Label>
          <Input {...field('name')} required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="factor-source">Source</Label>
          <Input {...field('source')} required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="factor-year">Year</Label>
          <Input {...field('year')} type="number" required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="factor-per">Per (unit of activity)</Label>
          <Input {...field('per')} placeholder="e.g. kWh" required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="factor-gas">Gas</Label>
          <select {...field('gas')} className={controlClasses}>
            {GASES.map((gas) => (
              <option key={gas}>{gas}</option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1">
            <Label htmlFor="factor-value">Value</Label>
            <Input {...field('value')} type="number" step="any" required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="factor-unit">Unit</Label>
            <select {...field('unit')} className={controlClasses}>
              {MASS_UNITS.map((unit) => (
                <option key={unit}>{unit}</option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <Button type="submit">Save draft</Button>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-2">
        {error && (
          <Alert kind="error">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {draft && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              {draft.name} ({draft.status})
            </span>
            {draft.status === 'draft' && (
              <>
                <ConfirmDialog
                  trigger={<Button size="sm">Publish</Button>}
                  title={`Publish ${draft.name}?`}
                  description="Published factors can never change."
                  confirmLabel="Publish"
                  onConfirm={() => run(async () => setDraft(await publishFactor(draft.id)))}
                />
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="outline">
                      Delete
                    </Button>
                  }
                  title={`Delete ${draft.name}?`}
                  description="The draft is removed. This cannot be undone."
                  confirmLabel="Delete"
                  variant="destructive"
                  onConfirm={() =>
                    run(async () => {
                      await deleteFactor(draft.id);
                      setDraft(undefined);
                    })
                  }
                />
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
