import { Button } from '@ecc/ui';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A factor's key, the id records and import files name it by, with a button that copies it. Where the browser
 * refuses the clipboard the key stays selectable and the button says so.
 */
export function FactorKey({ factorKey }: { factorKey: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(factorKey);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <code className="rounded bg-muted px-1 py-0.5 text-xs break-all select-all">{factorKey}</code>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={`Copy the key ${factorKey}`}
        onClick={() => void copy()}
      >
        {state === 'copied' ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked: select the key' : ''}
      </span>
    </span>
  );
}
