import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import type { Addendum } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';

/** 'Editar' (an approver opens the same screen read-only). */
export function EditLink({ addendum, describedBy }: { addendum: Addendum; describedBy?: string }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.addendums.edit.to(addendum.id)} aria-describedby={describedBy}>
        <Pencil aria-hidden="true" />
        Editar
      </Link>
    </Button>
  );
}
