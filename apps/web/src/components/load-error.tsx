import { Alert, AlertDescription, AlertTitle, Button } from '@ecc/ui';

export interface LoadErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
  /** The button's text; 'Retry' when left out. */
  retryLabel?: string | undefined;
}

/** A failed load: what failed, the server's reason, and a retry. */
export function LoadError({ title, error, onRetry, retryLabel = 'Retry' }: LoadErrorProps) {
  return (
    <Alert kind="error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{error.message}</p>
        <div>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
