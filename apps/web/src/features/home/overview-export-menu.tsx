import { endpointUrl, overviewEndpoints, type OverviewExportTable } from '@ecc/contracts';
import { ExportMenu } from '#components/export-menu.tsx';

/** The Export menu of one of the overview's rankings: the whole ranking of the year shown, not only its top. */
export function OverviewExportMenu({
  year,
  table,
  what,
}: {
  year: number | null;
  table: OverviewExportTable;
  what: string;
}) {
  return (
    <ExportMenu
      what={what}
      hrefOf={(format) =>
        endpointUrl(overviewEndpoints.export, undefined, {
          ...(year === null ? {} : { year }),
          table,
          format,
        })
      }
    />
  );
}
