import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { formatPesos, moneyToCents, policyDisplayFolio, renewalRentLabel, rentIncreaseWarning, type RenewalProposal } from '@portal/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { useRenewalProposal } from '../api';
import type { usePolicyRenewal } from './use-policy-renewal';

type Renewal = ReturnType<typeof usePolicyRenewal>;

const invalidRent = `El campo ${renewalRentLabel} debe ser un importe mayor que cero, con hasta dos decimales`;

/** The question before 'Renovar': what the renewal copies and what it leaves behind, and its rent. */
export function RenewPolicyDialog({ renewal }: { renewal: Renewal }) {
  // A fresh form for each policy asked about.
  return <RenewDialog key={renewal.asking?.id ?? 0} renewal={renewal} />;
}

function RenewDialog({ renewal }: { renewal: Renewal }) {
  const policy = renewal.asking;
  const folio = policy ? policyDisplayFolio(policy) : '';
  const proposal = useRenewalProposal(policy?.id ?? null);
  // null: untouched, the proposal's rent stands.
  const [typed, setTyped] = useState<string | null>(null);
  const rent = typed ?? proposal.data?.proposedRent ?? '';
  const rentCents = moneyToCents(rent);
  const rentValid = rentCents !== null && rentCents > 0;
  return (
    <ConfirmDialog
      open={policy !== null}
      onOpenChange={(open) => {
        if (!open) renewal.close();
      }}
      title="Renovar póliza"
      description={
        <>
          ¿Renovar la póliza <span className="whitespace-nowrap">{folio}</span>? Se creará una póliza nueva en «Creada» con los mismos
          inquilinos, avales, inmueble, propietario y renta, y la vigencia que sigue a la actual. Los documentos no se copian.
        </>
      }
      confirmLabel="Renovar"
      busy={renewal.busy}
      // Without the proposal (it could not be read) the renewal keeps the current rent, as before.
      confirmDisabled={proposal.isPending || (proposal.data !== undefined && !rentValid)}
      onConfirm={() => renewal.confirm(proposal.data ? rent : undefined)}
    >
      {policy ? (
        <div className="mt-4">
          <QueryState query={proposal} loading="Cargando la renta propuesta..." loadingClassName="py-4" errorTitle="No se pudo cargar la renta propuesta: la renovación conservará la renta actual">
            {(found) => <RentField proposal={found} rent={rent} onChange={setTyped} error={rentValid ? undefined : invalidRent} />}
          </QueryState>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function RentField({ proposal, rent, onChange, error }: { proposal: RenewalProposal; rent: string; onChange: (rent: string) => void; error: string | undefined }) {
  const currentCents = moneyToCents(proposal.currentRent) ?? 0;
  const cap = { percent: proposal.maxIncreasePercent, source: proposal.maxIncreaseSource };
  const rentCents = moneyToCents(rent);
  const warning = error || rentCents === null ? null : rentIncreaseWarning(currentCents, rentCents, cap);
  const hint =
    cap.percent === null
      ? `Renta actual: ${formatPesos(proposal.currentRent)}. La sucursal no tiene aumento máximo.`
      : `Renta actual: ${formatPesos(proposal.currentRent)}. Propuesta con el aumento máximo de la sucursal (${cap.percent} %${cap.source ? `, fuente: ${cap.source}` : ''}).`;
  return (
    <div className="space-y-3">
      <TextField label={renewalRentLabel} inputMode="decimal" autoComplete="off" value={rent} onChange={(event) => onChange(event.target.value)} hint={hint} error={error} />
      {warning ? (
        // A warning, not a refusal: the renewal may still be created.
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {warning}
        </p>
      ) : null}
    </div>
  );
}
