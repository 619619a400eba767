import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/state-panels';

/** The screen was opened without saying which investigation (no router state, no ?folio=). */
export function MissingFolioState() {
  return (
    <EmptyState
      title="No se indicó la investigación"
      description="Abra esta pantalla desde «Seguimiento de Pólizas», con la acción de la póliza que desea revisar."
      action={
        <Button asChild variant="secondary">
          <Link to={paths.policies.tracking.to()}>Ir a Seguimiento de Pólizas</Link>
        </Button>
      }
    />
  );
}
