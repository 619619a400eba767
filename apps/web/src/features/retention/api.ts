import { useQuery } from '@tanstack/react-query';
import type { RetentionPreview } from '@portal/domain';
import { apiClient } from '@/lib/api-client';

/** The dry run of the next 'Retención de documentos' run (issue 19): what it would delete now. */
export function useRetentionPreview() {
  return useQuery({
    queryKey: ['admin', 'retention', 'preview'] as const,
    queryFn: ({ signal }) => apiClient.get<RetentionPreview>('/api/admin/retention/preview', { signal }),
  });
}
