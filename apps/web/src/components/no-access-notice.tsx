import { Button, EmptyState } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { PageHeader } from './page-header.tsx';

/** In place of a page whose content the user's role does not include: what is missing and who can help. */
export function NoAccessNotice({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} />
      <EmptyState
        title={`${title} is not part of your role`}
        description="Your realm's administrators manage this page. Ask one of them if you need it."
        action={
          <Button asChild variant="outline">
            <Link to="/">Go to Home</Link>
          </Button>
        }
      />
    </div>
  );
}
