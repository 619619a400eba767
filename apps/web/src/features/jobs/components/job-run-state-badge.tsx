import { jobRunStateLabels, type JobRunState } from '@portal/domain';
import { Badge } from '@/components/ui/badge';

const tones: Record<JobRunState, 'neutral' | 'success' | 'danger' | 'brand'> = {
  created: 'neutral',
  retry: 'danger',
  active: 'brand',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

export function JobRunStateBadge({ state }: { state: JobRunState }) {
  return <Badge tone={tones[state]}>{jobRunStateLabels[state]}</Badge>;
}
