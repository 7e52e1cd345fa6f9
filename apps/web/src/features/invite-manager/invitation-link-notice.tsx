import { Button } from '@ecc/ui';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The link of an invitation no e-mail carried (no mail server, or it failed): the inviter copies it and passes it
 * on. The server never logs it, so this is the only place it appears.
 */
export function InvitationLinkNotice({
  email,
  link,
  onDismiss,
}: {
  email: string;
  link: string;
  onDismiss: () => void;
}) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <section
      aria-labelledby="invitation-link-heading"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2 id="invitation-link-heading" className="font-semibold">
        No e-mail was sent to {email}
      </h2>
      <p className="text-sm">
        Copy this link and send it to them yourself. It works once, for 7 days; it is not shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="invitation-link" className="sr-only">
          Invitation link for {email}
        </label>
        <input
          id="invitation-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded border bg-background px-2 py-1 font-mono text-xs"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden /> Copy link
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <p role="status" className="text-xs text-muted-foreground">
        {copyState === 'copied'
          ? 'Copied'
          : copyState === 'failed'
            ? 'Copy blocked: select the link and copy it'
            : ''}
      </p>
    </section>
  );
}
