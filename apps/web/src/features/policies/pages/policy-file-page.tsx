import { Link, useParams } from 'react-router';
import { FileSearch } from 'lucide-react';
import { policyMessages, type Policy } from '@portal/domain';
import { isApiError } from '@/lib/api-error';
// Issue 20 (leads pipeline): the expediente names the lead the policy came from.
import { OriginLeadLink } from '@/features/leads';
// Issue 34: the policy's fee ('Honorarios').
import { FeesSection } from '@/features/fees';
import { FeePaymentInvoice } from '@/features/invoices';
// Issue 32: the policy's year of rents.
import { RentsSection } from '@/features/rents';
// Issue 32: the end of the term, the acta de entrega-recepción.
import { MoveOutSection } from '@/features/move-out';
// Issue 33: the policy's incidencias.
import { ClaimsSection } from '@/features/claims';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { QueryError, QueryState } from '@/components/ui/query-state';
import { usePolicy, usePolicyFile } from '../api';
import { PolicyHistory } from '../components/policy-history';
import { AccessLogSection } from '../components/policy-file/access-log-section';
import { AddendumsSection } from '../components/policy-file/addendums-section';
import { AppointmentsSection } from '../components/policy-file/appointments-section';
import { ContractsSection } from '../components/policy-file/contracts-section';
import { SigningSection } from '../components/policy-file/signing-section';
import { DocumentsSection } from '../components/policy-file/documents-section';
import { FileHeader } from '../components/policy-file/file-header';
import { LinksSection } from '../components/policy-file/links-section';
import { SectionNav } from '../components/policy-file/section-nav';
import { SummarySection } from '../components/policy-file/summary-section';
import { useScrollToSection } from '../components/policy-file/use-scroll-to-section';

/** /policies/:id: the policy's expediente, read only — where a policy is looked at and worked from. */
export function PolicyFilePage() {
  const id = Number(useParams().id);
  const policy = usePolicy(id);
  const notFound = !Number.isInteger(id) || id <= 0 || (isApiError(policy.error) && policy.error.status === 404);
  usePageTitle(notFound ? policyMessages.notFound : policy.data ? `Expediente ${policy.data.investigationId}` : 'Expediente de la póliza');
  useScrollToSection(policy.isSuccess);

  if (notFound) return <PolicyNotFound />;
  return (
    <QueryState query={policy} loading="Cargando expediente..." errorTitle="Error al cargar el expediente" errorAction={<BackToList />}>
      {(stored) => <PolicyFileContent policy={stored} />}
    </QueryState>
  );
}

function PolicyFileContent({ policy }: { policy: Policy }) {
  const file = usePolicyFile(policy.id);
  return (
    <div className="mx-auto max-w-6xl space-y-6 print:max-w-none print:space-y-2">
      <FileHeader policy={policy} file={file.data} />
      <SectionNav file={file.data} />
      {file.isError ? <QueryError query={file} title="Error al cargar el expediente" /> : null}
      {/* Issue 20 (leads pipeline): 'Lead de origen'. */}
      <OriginLeadLink policyId={policy.id} />
      <SummarySection policy={policy} />
      <DocumentsSection policy={policy} checklist={file.data?.checklist} claimDocuments={file.data?.claimDocuments} />
      <LinksSection policy={policy} />
      <ContractsSection policy={policy} />
      <SigningSection policy={policy} />
      {/* Issue 34: each payment's row says 'Facturar', or shows its CFDI with its downloads. */}
      <FeesSection
        policy={policy}
        renderInvoiceCell={(payment, fee) => (
          <FeePaymentInvoice policyId={policy.id} payment={{ id: payment.id, amount: payment.amount, reversed: payment.reversal !== null }} invoice={payment.invoice} ivaPercent={fee.quote?.ivaPercent} />
        )}
      />
      <RentsSection policy={policy} />
      <MoveOutSection policy={policy} />
      <ClaimsSection policy={policy} />
      <AddendumsSection addendums={file.data?.addendums} />
      <AppointmentsSection appointments={file.data?.appointments} />
      {/* The history card carries its own 'Historial' heading: only the anchor is added here. */}
      <section id="historial" tabIndex={-1} aria-label="Historial" className="scroll-mt-36 outline-none print:hidden">
        <PolicyHistory policyId={policy.id} />
      </section>
      <AccessLogSection policy={policy} />
    </div>
  );
}

/** 404: another branch's policy or one that does not exist look the same, as the server says. */
function PolicyNotFound() {
  return (
    <div className="flex flex-col items-center justify-center py-20 text-center">
      <FileSearch aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{policyMessages.notFound}</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
        La póliza no existe o no pertenece a su sucursal. Revise la dirección o búsquela en la lista de pólizas.
      </p>
      <div className="mt-6">
        <BackToList />
      </div>
    </div>
  );
}

function BackToList() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.policies.list.to()}>Volver a pólizas</Link>
    </Button>
  );
}
