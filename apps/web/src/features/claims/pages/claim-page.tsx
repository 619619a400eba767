import { Link, useParams } from 'react-router';
import { ArrowLeft, FileSearch } from 'lucide-react';
import { claimMessages, type ClaimDetail } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useClaim } from '../api/case';
import { useClaimAccess } from '../components/case/claim-access';
import { ClaimHeader } from '../components/case/claim-header';
import { CaseSections } from '../components/case/case-sections';

/** /claims/:id: one incidencia (issue 33), from the report to the recovered property. */
export function ClaimPage() {
  const id = Number(useParams().id);
  const claim = useClaim(id);
  const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(claim.error) && claim.error.status === 404);
  usePageTitle(notFound ? claimMessages.notFound : claim.data ? `Incidencia ${claim.data.number}` : 'Incidencia');
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.claims.list.to()}>
          <ArrowLeft aria-hidden="true" />
          Volver a incidencias
        </Link>
      </Button>
      {notFound ? (
        <ClaimNotFound />
      ) : (
        <QueryState query={claim} loading="Cargando incidencia..." errorTitle="Error al cargar la incidencia" isEmpty={() => false}>
          {(stored) => <ClaimContent claim={stored} />}
        </QueryState>
      )}
    </div>
  );
}

function ClaimContent({ claim }: { claim: ClaimDetail }) {
  const access = useClaimAccess(claim);
  return (
    <>
      <ClaimHeader claim={claim} />
      <CaseSections claim={claim} access={access} />
    </>
  );
}

/** 404: another branch's case and one that does not exist look the same, as the server says. */
function ClaimNotFound() {
  return (
    <div className="flex flex-col items-center justify-center py-20 text-center">
      <FileSearch aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{claimMessages.notFound}</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">La incidencia no existe o no pertenece a su sucursal.</p>
    </div>
  );
}
