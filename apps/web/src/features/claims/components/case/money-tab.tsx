import { useState } from 'react';
import { formatPesos, isClaimCost, type ClaimDetail, type ClaimMovement } from '@portal/domain';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import type { ClaimAccess } from './claim-access';
import { MovementButton } from './movement-dialog';
import { ReverseMovementDialog, movementTitle } from './reversal-dialog';

/** 'Costos y recuperación': what the case cost, what was recovered, what the owner received and when. */
export function MoneyTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const [reversing, setReversing] = useState<ClaimMovement | null>(null);
  const movements = [...claim.movements].sort((a, b) => b.on.localeCompare(a.on) || b.id - a.id);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Total label="Costos" value={claim.totals.costs} />
          <Total label="Recuperado" value={claim.totals.recovered} />
          <Total label="Entregado al propietario" value={claim.totals.paidToOwner} />
        </dl>
        {access.canEdit ? <MovementButton claimId={claim.id} /> : null}
      </div>
      {movements.length === 0 ? (
        <EmptyState title="Sin movimientos" description="Aún no se registran costos, montos recuperados ni entregas al propietario." />
      ) : (
        <Card>
          <ul aria-label="Movimientos" className="divide-y divide-slate-100 dark:divide-slate-800">
            {movements.map((movement) => (
              <li key={movement.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className={cn('font-medium', movement.reversedAt && 'text-slate-500 line-through dark:text-slate-400')}>{movementTitle(movement)}</p>
                  {movement.description ? <p className="text-slate-600 dark:text-slate-400">{movement.description}</p> : null}
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {isClaimCost(movement.kind) ? 'Costo' : movement.kind === 'recovery' ? 'Recuperación' : 'Entrega'} · Registró {movement.recordedBy}
                  </p>
                  {movement.reversedAt ? (
                    <p className="text-xs font-medium text-red-700 dark:text-red-400">
                      Revertido el {formatDate(movement.reversedAt)}: {movement.reversalReason}
                    </p>
                  ) : null}
                </div>
                {access.canReverse && !movement.reversedAt ? (
                  <Button size="sm" variant="danger-outline" aria-label={`Revertir ${movementTitle(movement)}`} onClick={() => setReversing(movement)}>
                    Revertir
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ReverseMovementDialog movement={reversing} onClose={() => setReversing(null)} />
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatPesos(value)}</dd>
    </div>
  );
}
