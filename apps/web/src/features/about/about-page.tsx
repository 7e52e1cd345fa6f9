import { messages } from '@ecc/contracts';
import { useLocation } from '@tanstack/react-router';
import { PageHeader } from '#components/page-header.tsx';
import { usePublicPageData } from '#lib/payload/public-page-payload.ts';
import { useApplication, useRealm } from '#lib/realm/realm-queries.ts';

/** Product name, description and the realm; painted from the page's payload before `/api/config` answers. */
export function AboutPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const realm = useRealm();
  const application = useApplication();
  const data = usePublicPageData(pathname, realm);
  const copyright = application?.copyright?.full ?? application?.legal?.copyright;
  return (
    <>
      <PageHeader title={messages.defaultTitle} description={messages.defaultDescription} />
      <dl className="grid max-w-xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Realm</dt>
        <dd data-testid="about-realm-name">{data?.realm.name ?? '…'}</dd>
        {application?.version ? (
          <>
            <dt className="text-muted-foreground">Version</dt>
            <dd>{application.version}</dd>
          </>
        ) : null}
      </dl>
      {copyright ? <p className="text-muted-foreground mt-8 text-xs">{copyright}</p> : null}
    </>
  );
}
