import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportProgressHandler } from './import-api.ts';

export interface ImportProgress {
  done: number;
  total: number;
}

export interface ImportUpload<Result> {
  mutation: UseMutationResult<Result, Error, void>;
  /** Rows written so far by the running upload, once the server has said. */
  progress: ImportProgress | null;
}

/**
 * An upload that reports its progress; once it succeeds every query is refreshed, since an import can touch
 * facilities, records, results and their totals alike.
 */
export function useImportUpload<Result>(
  send: (onProgress: ImportProgressHandler) => Promise<Result>,
): ImportUpload<Result> {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: () => send((done, total) => setProgress({ done, total })),
    onMutate: () => setProgress(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
  return { mutation, progress };
}
