import { Alert, AlertDescription, AlertTitle } from '@ecc/ui';
import type { SettingsDraft } from './use-settings-draft.ts';

/** Why the last save of a settings draft failed, announced, and focusable when no refused field is on screen. */
export function SettingsErrorSummary<Settings>({
  settings: { errors, formError, summaryRef },
  title,
}: {
  settings: SettingsDraft<Settings>;
  /** Says what was not saved, e.g. "The theme was not saved". */
  title: string;
}) {
  const errorCount = Object.keys(errors).length;
  return (
    <div ref={summaryRef} tabIndex={-1} aria-live="polite" className="grid gap-2 focus:outline-none">
      {errorCount > 0 && (
        <Alert kind="error">
          <AlertTitle>{title}</AlertTitle>
          <AlertDescription>
            {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} your attention: see the
            messages below the fields.
          </AlertDescription>
        </Alert>
      )}
      {formError && (
        <Alert kind="error">
          <AlertTitle>{title}</AlertTitle>
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
