import { Toaster, TooltipProvider } from '@ecc/ui';
import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router/app-router.tsx';

/** The providers every page relies on: server state, feature flags, tooltips, the router, and the toasts. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OpenFeatureProvider>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </OpenFeatureProvider>
    </QueryClientProvider>
  );
}
