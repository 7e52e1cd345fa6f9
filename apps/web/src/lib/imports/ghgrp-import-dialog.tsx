import type { GhgrpImportResult } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
} from '@ecc/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheetIcon } from 'lucide-react';
import { useState } from 'react';
import { importGhgrpWorkbook, ImportRowsRejectedError } from './import-api.ts';
import { ImportProgressBar, ImportRowErrors } from './import-row-errors.tsx';

function tons(value: number): string {
  return `${Math.round(value).toLocaleString()} t CO2e`;
}

function GhgrpImportSteps({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const upload = useMutation({
    mutationFn: () => importGhgrpWorkbook(file as File, year, (done, total) => setProgress({ done, total })),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
  const result: GhgrpImportResult | undefined = upload.data;
  const rejected = upload.error instanceof ImportRowsRejectedError ? upload.error : undefined;

  return (
    <div className="grid gap-4">
      <FormField
        label="GHGRP data summary workbook (XLSX)"
        description='As EPA publishes it (e.g. ghgp_data_2020.xlsx); its "Direct Emitters" sheet is read.'
      >
        <Input
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
      </FormField>
      <FormField label="Reporting year" description="Leave empty to take it from the file name.">
        <Input
          inputMode="numeric"
          className="w-32"
          value={year}
          onChange={(event) => setYear(event.target.value)}
        />
      </FormField>

      <div aria-live="polite" className="grid gap-4">
        {upload.isPending ? (
          progress ? (
            <ImportProgressBar label="Import progress" done={progress.done} total={progress.total} />
          ) : (
            <p className="text-muted-foreground text-sm">Reading the workbook…</p>
          )
        ) : null}
        {rejected ? <ImportRowErrors title={rejected.message} errors={rejected.errors} /> : null}
        {upload.isError && !rejected ? (
          <Alert kind="error">
            <AlertTitle>The import failed; nothing was imported</AlertTitle>
            <AlertDescription>{upload.error.message}</AlertDescription>
          </Alert>
        ) : null}
        {result ? (
          <Alert kind="success">
            <AlertTitle>
              {result.isNew
                ? `Imported ${result.facilityCount.toLocaleString()} facilities of ${result.reportingYear}`
                : 'Nothing imported: this workbook was imported before'}
            </AlertTitle>
            <AlertDescription>
              {result.isNew
                ? `${result.createdCount.toLocaleString()} created, ${result.updatedCount.toLocaleString()} updated. ` +
                  `Reported ${tons(result.reportedTotalCo2eT)} (AR4, as published); ` +
                  `${tons(result.rebasedTotalCo2eT)} on ${result.gwpSetId}.`
                : `Batch ${result.batch.id}.`}
            </AlertDescription>
          </Alert>
        ) : null}
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {result ? null : (
          <Button disabled={file === null || upload.isPending} onClick={() => upload.mutate()}>
            {upload.isPending ? 'Importing…' : 'Import workbook'}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

/** A button that opens the "Import EPA GHGRP workbook" dialog. */
export function GhgrpImportButton({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <FileSpreadsheetIcon aria-hidden="true" />
          Import EPA GHGRP workbook
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import EPA GHGRP workbook</DialogTitle>
          <DialogDescription>
            Creates or updates a facility for each direct emitter, with its location, NAICS, sector and
            reported emissions by gas, re-based to the realm&apos;s GWP set.
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <GhgrpImportSteps onDone={() => setIsOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
