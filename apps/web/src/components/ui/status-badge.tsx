import { recordStatusLabels, type RecordStatus } from '@portal/domain';
import { Badge } from './badge';

/** 'Activo' / 'Inactivo' for users and branches. */
export function StatusBadge({ status }: { status: RecordStatus }) {
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{recordStatusLabels[status] ?? status}</Badge>;
}
