import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';

/** What QueryStates reads of a query: a TanStack Query result fits, as does a combination of several. */
export interface QueryView<Data> {
  isPending: boolean;
  error: Error | null;
  data: Data | undefined;
  /** Asks the server again: what the retry button does unless `onRetry` says otherwise. */
  refetch: () => Promise<unknown>;
}

export interface QueryStatesProps<Data> {
  query: QueryView<Data>;
  /** Shown while the query is pending, usually a LoadingSkeleton. */
  loading: ReactNode;
  /** Says what could not be loaded; the server's reason and a retry button follow it. */
  errorTitle: string;
  /** Replaces the query's own refetch, e.g. to refresh every query of a screen. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Whether the data holds nothing to show; `empty` is shown instead of the content then. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}

/**
 * The states of loaded content in one place: a placeholder while it loads, the error with a retry, an empty
 * state, else the content. An error wins over data kept from before, so a failed refetch is never hidden.
 */
export function QueryStates<Data>({
  query,
  loading,
  errorTitle,
  onRetry,
  retryLabel,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<Data>) {
  if (query.isPending) return loading;
  if (query.error) {
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={onRetry ?? (() => void query.refetch())}
        retryLabel={retryLabel}
      />
    );
  }
  if (query.data === undefined || isEmpty?.(query.data)) return empty ?? null;
  return children(query.data);
}
