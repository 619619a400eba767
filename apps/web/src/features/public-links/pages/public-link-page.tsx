import { Suspense } from 'react';
import { useParams } from 'react-router';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { usePublicLink } from '../public-api';
import { InvalidLink } from '../components/invalid-link';
import { PrivacyStep } from '../components/privacy-step';
import { PublicLayout } from '../components/public-layout';
import { purposeViews } from '../purpose-views';

/**
 * /p/{token}: a tenant's, guarantor's or owner's page (issue 17). Loads what the link is for,
 * asks for the aviso de privacidad once, then shows the upload or the signing view.
 */
export function PublicLinkPage() {
  const token = useParams().token ?? '';
  const link = usePublicLink(token);
  usePageTitle(link.data?.purpose === 'sign' ? 'Firma de contratos' : link.data?.purpose === 'rent_proof' ? 'Comprobantes de pago' : 'Documentos de su póliza');

  if (link.isPending) {
    return (
      <PublicLayout>
        <Spinner className="mt-16" label="Cargando..." />
      </PublicLayout>
    );
  }
  if (link.isError) {
    // A wrong, expired or revoked link (404) and a malformed one (400) look the same.
    const invalid = isApiError(link.error) && (link.error.status === 404 || link.error.status === 400);
    return (
      <PublicLayout>
        {invalid ? (
          <InvalidLink />
        ) : (
          <QueryError query={link} title="No se pudo abrir el enlace" />
        )}
      </PublicLayout>
    );
  }
  const view = link.data;
  const PurposeView = purposeViews[view.purpose];
  return (
    <PublicLayout branchName={view.branchName}>
      {view.privacy.accepted ? (
        <Suspense fallback={<Spinner className="mt-16" label="Cargando..." />}>
          <PurposeView token={token} view={view} />
        </Suspense>
      ) : (
        <PrivacyStep token={token} view={view} />
      )}
    </PublicLayout>
  );
}
