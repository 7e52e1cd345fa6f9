import { Link } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import { equipmentPaths } from './equipment-paths.ts';

/** A page whose address names a record the realm does not have, with the way back to the list. */
export function EquipmentNotFound({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Link to={equipmentPaths.browser()} className="text-primary underline">
        Back to the equipment list
      </Link>
    </>
  );
}
