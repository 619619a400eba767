import { Link } from 'react-router';
import { FolderOpen } from 'lucide-react';
import type { Appointment } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';

/** The policy an appointment names (issue 14), by its folio (issue 20): a link to its expediente; nothing otherwise. */
export function PolicyFileLink({ appointment, describedBy }: { appointment: Appointment; describedBy?: string }) {
  if (!appointment.policyId) return null;
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.policies.detail.to(appointment.policyId)} aria-describedby={describedBy}>
        <FolderOpen aria-hidden="true" />
        {appointment.policyFolio ? `Póliza ${appointment.policyFolio}` : 'Ver expediente de la póliza'}
      </Link>
    </Button>
  );
}
