import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { AppointmentInvitationPage } from '@/features/appointments';

/** /cita/{token} outside the shell still needs the query client the shell provides to its screens. */
export function AppointmentInvitationRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppointmentInvitationPage />
    </QueryClientProvider>
  );
}
