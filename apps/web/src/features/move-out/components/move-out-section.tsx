import { Link } from 'react-router';
import { ClipboardCheck, FileText } from 'lucide-react';
import { moveOutMessages, moveOutStateLabels, type Policy } from '@portal/domain';
import { paths } from '@/lib/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/download-button';
import { QueryState } from '@/components/ui/query-state';
import { FileSection } from '@/features/policies';
import { downloadActaPdf, useMoveOut } from '../api';

/** Policies whose term is running or over: the ones an acta de entrega is made for. */
const withActa = new Set<Policy['status']>(['active', 'expiring', 'expired']);

/** 'Entrega del inmueble' in the expediente (issue 32): the acta's state and settlement, its PDF (the signed one once everyone signed), and the way to it. */
export function MoveOutSection({ policy }: { policy: Policy }) {
  const shown = withActa.has(policy.status);
  const acta = useMoveOut(policy.id, shown);
  if (!shown) {
    return (
      <FileSection id="entrega" title="Entrega del inmueble" className="print:hidden">
        <p className="text-sm text-slate-600 dark:text-slate-400">{moveOutMessages.notInForce}.</p>
      </FileSection>
    );
  }
  return (
    <FileSection
      id="entrega"
      title="Entrega del inmueble"
      className="print:hidden"
      actions={
        <Button asChild size="sm" variant="secondary">
          <Link to={paths.policies.moveOut.to(policy.id)}>
            <ClipboardCheck aria-hidden="true" />
            Abrir acta de entrega
          </Link>
        </Button>
      }
    >
      <QueryState query={acta} loading="Cargando acta de entrega..." loadingClassName="py-6" errorTitle="Error al cargar el acta de entrega" isEmpty={() => false}>
        {(stored) => (
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            {stored.exists ? (
              <>
                <Badge tone={stored.state === 'signed' ? 'success' : stored.state === 'signing' ? 'brand' : 'neutral'}>{moveOutStateLabels[stored.state]}</Badge>
                <span>Entrega: {stored.deliveredOn}</span>
                <span className="font-semibold">{stored.settlement.label}</span>
                {stored.hasPdf ? (
                  <DownloadButton
                    label={stored.state === 'signed' ? 'Acta firmada (PDF)' : 'Acta enviada a firma (PDF)'}
                    icon={FileText}
                    fetchFile={() => downloadActaPdf(stored.policyId)}
                    fileName={`acta-entrega-${stored.folio}.pdf`}
                    errorTitle="Error al descargar el acta"
                  />
                ) : null}
              </>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">Aún no se levanta el acta de entrega-recepción.</span>
            )}
          </Card>
        )}
      </QueryState>
    </FileSection>
  );
}
