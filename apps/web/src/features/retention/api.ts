import { useQuery } from '@tanstack/react-query';
import { retentionEndpoints } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

/** The dry run of the next 'Retención de documentos' run (issue 19): what it would delete now. */
export function useRetentionPreview() {
  return useQuery({
    queryKey: ['admin', 'retention', 'preview'] as const,
    queryFn: ({ signal }) => callEndpoint(retentionEndpoints.preview, {}, { signal }),
  });
}
