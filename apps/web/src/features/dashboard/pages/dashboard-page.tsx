import { PlaceholderPage } from '@/app/placeholder-page';

// Stub until its screen lands (issue 3).
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard de Pólizas" />;
}
