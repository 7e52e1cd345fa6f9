import { EmptyState } from '@ecc/ui';
import { ScrollTextIcon } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { useApplication } from '#lib/realm/realm-queries.ts';
import { legalTexts } from './legal-texts.ts';

/** Realms may store a legal text itself or the address where it is published. */
function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/.test(text.trim());
}

/** Rendered without a layout (spec section 2), so the page carries its own landmark. */
export function AgreementPage() {
  const texts = legalTexts(useApplication());
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl p-6 focus:outline-none sm:p-10">
      <PageHeader title="Agreements" description="The legal texts that apply to your use of this realm." />
      {texts.length > 0 ? (
        <div className="grid gap-8">
          {texts.map((text) => (
            <section key={text.id} aria-labelledby={text.id} className="grid gap-2">
              <h2 id={text.id} className="text-lg font-semibold">
                {text.title}
              </h2>
              {isWebAddress(text.text) ? (
                <a
                  href={text.text}
                  className="text-primary text-sm underline-offset-4 hover:underline"
                  rel="noreferrer"
                >
                  Read the {text.title.toLowerCase()}
                </a>
              ) : (
                <p className="text-muted-foreground text-sm whitespace-pre-line">{text.text}</p>
              )}
            </section>
          ))}
        </div>
      ) : (
        <EmptyState
          icon={<ScrollTextIcon />}
          title="No agreements to show"
          description="Your realm has no licence agreement, terms or other legal texts configured. When it does, they are listed here."
        />
      )}
    </main>
  );
}
