import { PlaceholderPage } from '@/app/placeholder-page';

// Stub until its screen lands (issue 3).
export function PolicyCreatePage() {
  return <PlaceholderPage title="Nueva Póliza" />;
}
