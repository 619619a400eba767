import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { MoveOutPhotosPage } from '@/features/move-out/public/move-out-photos-page';

/** /entrega/{token} outside the shell still needs the query client the shell provides to its screens. */
export function MoveOutPhotosRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <MoveOutPhotosPage />
    </QueryClientProvider>
  );
}
