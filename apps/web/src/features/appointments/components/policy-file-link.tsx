import { Link } from 'react-router';
import { FolderOpen } from 'lucide-react';
import type { Appointment } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';

/** 'Ver expediente de la póliza', for an appointment that names one (issue 14); nothing otherwise. */
export function PolicyFileLink({ appointment, describedBy }: { appointment: Appointment; describedBy?: string }) {
  if (!appointment.policyId) return null;
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.policies.detail.to(appointment.policyId)} aria-describedby={describedBy}>
        <FolderOpen aria-hidden="true" />
        Ver expediente de la póliza
      </Link>
    </Button>
  );
}
