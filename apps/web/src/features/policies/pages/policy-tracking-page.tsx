import { PlaceholderPage } from '@/app/placeholder-page';

// Stub until its screen lands (issue 3).
export function PolicyTrackingPage() {
  return <PlaceholderPage title="Seguimiento de Pólizas" />;
}
