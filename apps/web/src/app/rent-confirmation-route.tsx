import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { RentConfirmationPage } from '@/features/rents/public/rent-confirmation-page';

/** /r/{token} outside the shell still needs the query client the shell provides to its screens. */
export function RentConfirmationRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <RentConfirmationPage />
    </QueryClientProvider>
  );
}
