import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { VerificationPage } from '@/features/e-signature/verification/verification-page';

/** /verificar and /verificar/{code} outside the shell still need the query client the shell provides to its screens. */
export function VerificationRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <VerificationPage />
    </QueryClientProvider>
  );
}
