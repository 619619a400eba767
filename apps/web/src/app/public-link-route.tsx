import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { PublicLinkPage } from '@/features/public-links/pages/public-link-page';

/** /p/{token} outside the shell still needs the query client the shell provides to its screens. */
export function PublicLinkRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicLinkPage />
    </QueryClientProvider>
  );
}
