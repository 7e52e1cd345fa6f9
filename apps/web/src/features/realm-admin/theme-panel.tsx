import {
  hexColorSchema,
  realmThemeSettingsSchema,
  THEME_COLOR_SLOTS,
  type RealmThemeSettings,
  type Theme,
} from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  ConfirmDialog,
  EmptyState,
  FormField,
  Input,
  selectClasses,
} from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { PaletteIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import type { FieldErrors } from '#lib/forms/field-errors.ts';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { ColorField } from './color-field.tsx';
import { realmThemeQueryOptions, saveRealmTheme } from './realm-settings-api.ts';
import { SettingsErrorSummary } from './settings-error-summary.tsx';
import { SettingsSaveBar } from './settings-save-bar.tsx';
import {
  appThemeIndex,
  COLOR_MODES,
  fieldId,
  newTheme,
  slotLabel,
  withColor,
  withEmptyFieldsUnset,
  withoutTheme,
  type ColorMode,
} from './theme-editing.ts';
import { ThemePreview } from './theme-preview.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';

const MODE_LABELS: Record<ColorMode, string> = { light: 'Light', dark: 'Dark' };
const COLOR_PATH = /^themes\.(\d+)\.colors\.(light|dark)\./;
const THEME_PATH = /^themes\.(\d+)\./;

/** The realm's themes: colours for light and dark, logos and sign-in background, with a live preview. */
export function ThemePanel({ realmId }: { realmId: string }) {
  const theme = useQuery(realmThemeQueryOptions(realmId));
  return (
    <section aria-label="Theme" aria-busy={theme.isPending}>
      <QueryStates
        query={theme}
        loading={<LoadingSkeleton label="Loading the theme" skeletons={['h-10', 'h-64']} />}
        errorTitle="The theme could not be loaded"
      >
        {(themeSettings) => <ThemeEditor realmId={realmId} initial={themeSettings} />}
      </QueryStates>
    </section>
  );
}

function ThemeEditor({ realmId, initial }: { realmId: string; initial: RealmThemeSettings }) {
  const canUpdate = useCan('update', 'Theme');
  const isReadOnly = !canUpdate;
  const [themeIndex, setThemeIndex] = useState(appThemeIndex(initial));
  const [mode, setMode] = useState<ColorMode>('light');
  const [isDeleting, setIsDeleting] = useState(false);
  const settings = useSettingsDraft({
    realmId,
    part: 'theme',
    initial,
    schema: realmThemeSettingsSchema,
    toRequest: withEmptyFieldsUnset,
    send: saveRealmTheme,
    savedTitle: 'Theme saved',
    fieldId,
    reveal: (fieldPath) => {
      const color = COLOR_PATH.exec(fieldPath);
      const themed = THEME_PATH.exec(fieldPath);
      if (themed) setThemeIndex(Number(themed[1]));
      if (color) setMode(color[2] as ColorMode);
    },
  });
  const { draft, setDraft, errors, setFieldError } = settings;
  const theme = draft.themes[themeIndex];
  const path = (field: string) => `themes.${themeIndex}.${field}`;

  function clearError(fieldPath: string) {
    if (fieldPath in errors) setFieldError(fieldPath, undefined);
  }

  function updateTheme(change: (current: Theme) => Theme) {
    setDraft((current) => ({
      ...current,
      themes: current.themes.map((each, index) => (index === themeIndex ? change(each) : each)),
    }));
  }

  function checkHex(fieldPath: string, value: string) {
    const result = hexColorSchema.safeParse(value);
    if (value === '' || result.success) clearError(fieldPath);
    else setFieldError(fieldPath, result.error.issues[0]?.message ?? '');
  }

  function addTheme() {
    const id = crypto.randomUUID();
    const added: Theme = theme
      ? { ...structuredClone(theme), id, name: `${theme.name} copy` }
      : newTheme(id, 'Default');
    setDraft((current) => ({ ...current, themes: [...current.themes, added] }));
    setThemeIndex(draft.themes.length);
  }

  return (
    <div className="grid gap-6">
      <UnsavedChangesGuard isDirty={settings.isDirty} />
      {!canUpdate && (
        <Alert kind="info">
          <AlertDescription>
            You may look at the realm’s themes; changing them is for its administrators.
          </AlertDescription>
        </Alert>
      )}
      <SettingsErrorSummary settings={settings} title="The theme was not saved" />
      {theme === undefined ? (
        <EmptyState
          icon={<PaletteIcon />}
          title="No themes yet"
          description="The app shows the design system’s own colours. Add a theme to give the realm its own."
          action={
            canUpdate ? (
              <Button onClick={addTheme}>
                <PlusIcon aria-hidden="true" /> Add a theme
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="grid min-w-0 gap-6">
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Theme to edit" className="w-64">
              <select
                className={selectClasses}
                value={themeIndex}
                onChange={(event) => setThemeIndex(Number(event.target.value))}
              >
                {draft.themes.map((each, index) => (
                  <option key={each.id} value={index}>
                    {each.name || 'Untitled theme'}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset disabled={isReadOnly} className="flex flex-wrap items-end gap-3">
              <legend className="sr-only">The app’s theme</legend>
              <FormField
                label="Theme the app uses"
                className="w-64"
                id={fieldId('selected')}
                error={errors.selected}
              >
                <select
                  className={selectClasses}
                  value={draft.themes[appThemeIndex(draft)]?.id}
                  onChange={(event) => {
                    clearError('selected');
                    setDraft((current) => ({ ...current, selected: event.target.value }));
                  }}
                >
                  {draft.themes.map((each) => (
                    <option key={each.id} value={each.id}>
                      {each.name || 'Untitled theme'}
                    </option>
                  ))}
                </select>
              </FormField>
              <Button variant="outline" onClick={addTheme}>
                <PlusIcon aria-hidden="true" /> Add a theme
              </Button>
              <Button variant="outline" onClick={() => setIsDeleting(true)}>
                <Trash2Icon aria-hidden="true" /> Delete this theme
              </Button>
            </fieldset>
          </div>

          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <div className="grid min-w-0 gap-6">
              <fieldset disabled={isReadOnly} className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-lg font-semibold">{theme.name || 'Untitled theme'}</legend>
                <FormField label="Name" id={fieldId(path('name'))} error={errors[path('name')]}>
                  <Input
                    value={theme.name}
                    onChange={(event) => {
                      clearError(path('name'));
                      updateTheme((current) => ({ ...current, name: event.target.value }));
                    }}
                  />
                </FormField>
                <FormField
                  label="Logo URL"
                  id={fieldId(path('logo'))}
                  error={errors[path('logo')]}
                  description="Shown in the app’s header."
                >
                  <Input
                    value={theme.logo ?? ''}
                    onChange={(event) => updateTheme((current) => ({ ...current, logo: event.target.value }))}
                  />
                </FormField>
                <FormField
                  label="Sign-in logo URL"
                  id={fieldId(path('login.logo'))}
                  error={errors[path('login.logo')]}
                  description="The logo URL above when empty."
                >
                  <Input
                    value={theme.login.logo ?? ''}
                    onChange={(event) =>
                      updateTheme((current) => ({
                        ...current,
                        login: { ...current.login, logo: event.target.value },
                      }))
                    }
                  />
                </FormField>
                <FormField
                  label="Sign-in background URL"
                  id={fieldId(path('login.background'))}
                  error={errors[path('login.background')]}
                >
                  <Input
                    value={theme.login.background ?? ''}
                    onChange={(event) =>
                      updateTheme((current) => ({
                        ...current,
                        login: { ...current.login, background: event.target.value },
                      }))
                    }
                  />
                </FormField>
                <FormField
                  label="Background position"
                  id={fieldId(path('login.backgroundPosition'))}
                  error={errors[path('login.backgroundPosition')]}
                  description="Position, then size after a slash, as CSS writes them."
                >
                  <Input
                    value={theme.login.backgroundPosition}
                    onChange={(event) =>
                      updateTheme((current) => ({
                        ...current,
                        login: { ...current.login, backgroundPosition: event.target.value },
                      }))
                    }
                  />
                </FormField>
              </fieldset>

              <section aria-labelledby={`theme-colours-${realmId}`} className="grid gap-3">
                <h2 id={`theme-colours-${realmId}`} className="text-lg font-semibold">
                  Colours
                </h2>
                <div role="radiogroup" aria-label="Colour mode" className="flex gap-4">
                  {COLOR_MODES.map((each) => (
                    <label key={each} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={`theme-mode-${realmId}`}
                        value={each}
                        checked={mode === each}
                        onChange={() => setMode(each)}
                      />
                      {MODE_LABELS[each]}
                    </label>
                  ))}
                </div>
                <fieldset disabled={isReadOnly} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  <legend className="text-muted-foreground mb-2 text-sm">
                    {MODE_LABELS[mode]} colours; leave a colour empty for the design system’s default.
                  </legend>
                  {THEME_COLOR_SLOTS.map((slot) => {
                    const colorPath = path(`colors.${mode}.${slot}`);
                    return (
                      <ColorField
                        key={`${mode}-${slot}`}
                        id={fieldId(colorPath)}
                        label={slotLabel(slot)}
                        value={theme.colors[mode][slot] ?? ''}
                        error={errors[colorPath]}
                        onChange={(value) => {
                          if (errors[colorPath]) checkHex(colorPath, value);
                          updateTheme((current) => ({
                            ...current,
                            colors: {
                              ...current.colors,
                              [mode]: withColor(current.colors[mode], slot, value),
                            },
                          }));
                        }}
                        onBlur={() => checkHex(colorPath, theme.colors[mode][slot] ?? '')}
                      />
                    );
                  })}
                </fieldset>
              </section>

              <OverridesEditor
                draft={draft}
                errors={errors}
                isReadOnly={isReadOnly}
                onChange={setDraft}
                clearError={clearError}
                onRemove={settings.clearErrors}
              />
            </div>
            <div className="grid content-start gap-2 lg:sticky lg:top-4 lg:self-start">
              <h2 className="text-lg font-semibold">Preview ({MODE_LABELS[mode].toLowerCase()})</h2>
              <ThemePreview theme={theme} mode={mode} />
            </div>
          </div>
        </div>
      )}

      {canUpdate && (
        <SettingsSaveBar
          settings={settings}
          saveLabel="Save theme"
          discardTitle="Discard your changes to the theme?"
          discardDescription="The theme goes back to how it was last saved."
          onDiscarded={(saved) => setThemeIndex(appThemeIndex(saved))}
        />
      )}

      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={`Delete the theme ${theme?.name ?? ''}?`}
        description="Where the app used it, it uses the first remaining theme once you save; nothing changes until then."
        confirmLabel="Delete theme"
        variant="destructive"
        onConfirm={() => {
          setDraft((current) => withoutTheme(current, themeIndex));
          settings.clearErrors();
          setThemeIndex(0);
        }}
      />
    </div>
  );
}

interface OverridesEditorProps {
  draft: RealmThemeSettings;
  errors: FieldErrors;
  isReadOnly: boolean;
  onChange: (change: (current: RealmThemeSettings) => RealmThemeSettings) => void;
  clearError: (path: string) => void;
  /** A row went: the messages of the rows after it no longer match their index. */
  onRemove: () => void;
}

/** Paths (and the paths below them) that use another theme than the app's. */
function OverridesEditor({
  draft,
  errors,
  isReadOnly,
  onChange,
  clearError,
  onRemove,
}: OverridesEditorProps) {
  const setOverride = (index: number, change: Partial<RealmThemeSettings['overrides'][number]>) =>
    onChange((current) => ({
      ...current,
      overrides: current.overrides.map((override, position) =>
        position === index ? { ...override, ...change } : override,
      ),
    }));
  return (
    <fieldset disabled={isReadOnly} className="grid gap-3">
      <legend className="mb-2 text-lg font-semibold">Pages with another theme</legend>
      {draft.overrides.length === 0 ? (
        <p className="text-muted-foreground text-sm">Every page uses the app’s theme.</p>
      ) : (
        <ul className="grid gap-3">
          {draft.overrides.map((override, index) => (
            <li key={index} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <FormField
                label="Path"
                id={fieldId(`overrides.${index}.path`)}
                error={errors[`overrides.${index}.path`]}
              >
                <Input
                  value={override.path}
                  placeholder="/reporting"
                  onChange={(event) => {
                    clearError(`overrides.${index}.path`);
                    setOverride(index, { path: event.target.value });
                  }}
                />
              </FormField>
              <FormField
                label={`Theme for ${override.path || 'this path'}`}
                id={fieldId(`overrides.${index}.selected`)}
                error={errors[`overrides.${index}.selected`]}
              >
                <select
                  className={selectClasses}
                  value={override.selected}
                  onChange={(event) => {
                    clearError(`overrides.${index}.selected`);
                    setOverride(index, { selected: event.target.value });
                  }}
                >
                  {draft.themes.map((theme) => (
                    <option key={theme.id} value={theme.id}>
                      {theme.name || 'Untitled theme'}
                    </option>
                  ))}
                </select>
              </FormField>
              <Button
                variant="ghost"
                className="sm:mt-[1.625rem]"
                aria-label={`Remove the theme of ${override.path || 'this path'}`}
                onClick={() => {
                  onRemove();
                  onChange((current) => ({
                    ...current,
                    overrides: current.overrides.filter((_, position) => position !== index),
                  }));
                }}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="outline"
          onClick={() =>
            onChange((current) => ({
              ...current,
              overrides: [
                ...current.overrides,
                { path: '', selected: current.themes[appThemeIndex(current)]?.id ?? '' },
              ],
            }))
          }
        >
          <PlusIcon aria-hidden="true" /> Add a page
        </Button>
      </div>
    </fieldset>
  );
}
