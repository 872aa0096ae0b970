import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { DEFAULT_TOAST } from '../config/toast';
import { isApiRequestError } from '../lib/api-client';
import { useToastRules } from './toast-rules';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // An answered error (4xx/5xx) is final; retry only calls that got no answer, once.
        retry: (failureCount, error) => !isApiRequestError(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useToastRules();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* docs/product.md#screens-and-routes, #constants-and-limits: top-right, 3 s by default; signup and verify override per toast. Issue 15's rules: app/toast-rules.ts. */}
      <ToastContainer position={DEFAULT_TOAST.position} autoClose={DEFAULT_TOAST.autoClose} newestOnTop closeButton />
    </QueryClientProvider>
  );
}
