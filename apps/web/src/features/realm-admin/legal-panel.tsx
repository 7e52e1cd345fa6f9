import { realmLegalSettingsSchema, type Legal, type Licence } from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, Textarea } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { realmLegalQueryOptions, saveRealmLegal } from './realm-settings-api.ts';
import { SettingsErrorSummary } from './settings-error-summary.tsx';
import { SettingsSaveBar } from './settings-save-bar.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';

type LegalTextField = 'licenceAgreement' | 'tos' | 'marks' | 'copyright' | 'logo' | 'logoDark';

const TEXT_FIELDS: readonly { field: LegalTextField; label: string; description: string; isLong: boolean }[] =
  [
    {
      field: 'licenceAgreement',
      label: 'Licence agreement',
      description: 'The text, or the address where it is published.',
      isLong: true,
    },
    {
      field: 'tos',
      label: 'Terms of service',
      description: 'The text, or the address where it is published.',
      isLong: true,
    },
    { field: 'marks', label: 'Trademarks', description: 'Shown on the agreement page.', isLong: true },
    { field: 'copyright', label: 'Copyright', description: 'Also shown on the About page.', isLong: false },
    { field: 'logo', label: 'Logo URL', description: 'For light backgrounds.', isLong: false },
    { field: 'logoDark', label: 'Dark logo URL', description: 'For dark backgrounds.', isLong: false },
  ];

const fieldId = (path: string) => `realm-legal-${path.replaceAll('.', '-')}`;

/** Empty texts are not set; licences keep every field, the server keeps their revision. */
function withEmptyTextsUnset(legal: Legal): Legal {
  return Object.fromEntries(Object.entries(legal).filter(([, value]) => value !== '')) as Legal;
}

/** The application's legal texts and the licences users accept on the agreement page. */
export function LegalPanel({ realmId }: { realmId: string }) {
  const legal = useQuery(realmLegalQueryOptions(realmId));
  return (
    <section aria-label="Legal" aria-busy={legal.isPending}>
      <QueryStates
        query={legal}
        loading={<LoadingSkeleton label="Loading the legal texts" skeletons={['h-10', 'h-32']} />}
        errorTitle="The legal texts could not be loaded"
      >
        {(legalTexts) => <LegalEditor realmId={realmId} initial={legalTexts} />}
      </QueryStates>
    </section>
  );
}

function LegalEditor({ realmId, initial }: { realmId: string; initial: Legal }) {
  const canUpdate = useCan('update', 'Realm');
  const settings = useSettingsDraft({
    realmId,
    part: 'legal',
    initial,
    schema: realmLegalSettingsSchema,
    toRequest: withEmptyTextsUnset,
    send: saveRealmLegal,
    savedTitle: 'Legal texts saved',
    fieldId,
  });
  const { draft, setDraft, errors, setFieldError } = settings;
  const licences = draft.licences ?? [];

  function setLicence(index: number, change: Partial<Licence>) {
    for (const field of Object.keys(change)) setFieldError(`licences.${index}.${field}`, undefined);
    setDraft((current) => ({
      ...current,
      licences: (current.licences ?? []).map((licence, position) =>
        position === index ? { ...licence, ...change } : licence,
      ),
    }));
  }

  return (
    <div className="grid gap-6">
      <UnsavedChangesGuard isDirty={settings.isDirty} />
      <SettingsErrorSummary settings={settings} title="The legal texts were not saved" />

      <fieldset disabled={!canUpdate} className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Legal texts</legend>
        {TEXT_FIELDS.map(({ field, label, description, isLong }) => (
          <FormField
            key={field}
            label={label}
            description={description}
            id={fieldId(field)}
            error={errors[field]}
            className={isLong ? 'md:col-span-2' : undefined}
          >
            {isLong ? (
              <Textarea
                rows={4}
                value={draft[field] ?? ''}
                onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
              />
            ) : (
              <Input
                value={draft[field] ?? ''}
                onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
              />
            )}
          </FormField>
        ))}
      </fieldset>

      <fieldset disabled={!canUpdate} className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Licences users accept</legend>
        <Alert kind="info">
          <AlertDescription>
            Every signed-in user must accept each licence before going on: a new licence, and a licence whose
            title or text you change, is shown to them on the agreement page on their next visit, and they
            accept it again. The other legal texts are shown there without asking.
          </AlertDescription>
        </Alert>
        {licences.length === 0 ? (
          <p className="text-muted-foreground text-sm">No licences: users are never asked to accept one.</p>
        ) : (
          <ol className="grid gap-4">
            {licences.map((licence, index) => (
              <li key={index} className="grid gap-3 rounded-lg border p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{licence.title || 'New licence'}</h3>
                  <span className="text-muted-foreground text-sm">
                    {licence.revision === undefined ? 'New, not saved yet' : `Revision ${licence.revision}`}
                  </span>
                </div>
                <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                  <FormField
                    label="Id"
                    id={fieldId(`licences.${index}.id`)}
                    error={errors[`licences.${index}.id`]}
                    description="Where acceptance is recorded; keep it."
                  >
                    <Input
                      value={licence.id}
                      onChange={(event) => setLicence(index, { id: event.target.value })}
                    />
                  </FormField>
                  <FormField
                    label="Title"
                    id={fieldId(`licences.${index}.title`)}
                    error={errors[`licences.${index}.title`]}
                  >
                    <Input
                      value={licence.title}
                      onChange={(event) => setLicence(index, { title: event.target.value })}
                    />
                  </FormField>
                </div>
                <FormField
                  label="Text"
                  id={fieldId(`licences.${index}.text`)}
                  error={errors[`licences.${index}.text`]}
                  description="The text, or the address where it is published."
                >
                  <Textarea
                    rows={4}
                    value={licence.text}
                    onChange={(event) => setLicence(index, { text: event.target.value })}
                  />
                </FormField>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove the licence ${licence.title || licence.id || index + 1}`}
                    onClick={() => {
                      settings.clearErrors();
                      setDraft((current) => ({
                        ...current,
                        licences: (current.licences ?? []).filter((_, position) => position !== index),
                      }));
                    }}
                  >
                    <Trash2Icon aria-hidden="true" /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div>
          <Button
            variant="outline"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                licences: [...(current.licences ?? []), { id: '', title: '', text: '' }],
              }))
            }
          >
            <PlusIcon aria-hidden="true" /> Add a licence
          </Button>
        </div>
      </fieldset>

      {canUpdate && (
        <SettingsSaveBar
          settings={settings}
          saveLabel="Save legal texts"
          discardTitle="Discard your changes to the legal texts?"
          discardDescription="The texts and licences go back to how they were last saved."
        />
      )}
    </div>
  );
}
