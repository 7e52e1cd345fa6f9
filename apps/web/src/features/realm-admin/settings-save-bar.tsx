import { Button, ConfirmDialog } from '@ecc/ui';
import { useState } from 'react';
import type { SettingsDraft } from './use-settings-draft.ts';

export interface SettingsSaveBarProps<Settings> {
  settings: SettingsDraft<Settings>;
  saveLabel: string;
  /** The discard confirmation's question and what it explains. */
  discardTitle: string;
  discardDescription: string;
  /** Runs after the draft went back to the saved settings. */
  onDiscarded?: (saved: Settings) => void;
}

/** Save and, after a confirmation, discard a settings draft; says when there are unsaved changes. */
export function SettingsSaveBar<Settings>({
  settings,
  saveLabel,
  discardTitle,
  discardDescription,
  onDiscarded,
}: SettingsSaveBarProps<Settings>) {
  const [isDiscarding, setIsDiscarding] = useState(false);
  const { isDirty, isSaving } = settings;
  return (
    <>
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button onClick={() => void settings.save()} isLoading={isSaving} disabled={!isDirty}>
          {saveLabel}
        </Button>
        <Button variant="outline" disabled={!isDirty || isSaving} onClick={() => setIsDiscarding(true)}>
          Discard changes
        </Button>
        {isDirty && <p className="text-muted-foreground self-center text-sm">You have unsaved changes.</p>}
      </div>
      <ConfirmDialog
        open={isDiscarding}
        onOpenChange={setIsDiscarding}
        title={discardTitle}
        description={discardDescription}
        confirmLabel="Discard changes"
        variant="destructive"
        onConfirm={() => {
          settings.discard();
          onDiscarded?.(settings.saved);
        }}
      />
    </>
  );
}
