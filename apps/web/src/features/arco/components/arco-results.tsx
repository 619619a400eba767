import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Eraser, Pencil } from 'lucide-react';
import { arcoRecordKindLabels, arcoRecordKinds, formatPhone, policyStatusLabels, retentionDetail, type ArcoExportFormat, type ArcoRecord, type ArcoRecordKind } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useArcoExport } from '../api';
import { CancelDialog } from './cancel-dialog';

const keyOf = (record: Pick<ArcoRecord, 'kind' | 'id'>) => `${record.kind}:${record.id}`;

const groupTitles: Record<ArcoRecordKind, string> = {
  tenant: 'Como inquilino',
  guarantor: 'Como aval',
  owner: 'Como propietario',
  lead: 'Como prospecto',
  attendee: 'Como asistente a una cita',
  broker: 'Como asesor o inmobiliaria',
};

/** Where the record lives, in words: its policy, its lead or its appointment, and the branch. */
function whereText(record: ArcoRecord): string {
  if (record.policyId !== null) return `Póliza ${record.folio} · ${record.policyStatus ? policyStatusLabels[record.policyStatus] : ''} · ${record.branchName}`;
  if (record.kind === 'broker') return `Directorio de asesores · ${record.branchName}`;
  if (record.appointmentId !== null) return `Cita «${record.appointmentTitle}» del ${formatDate(record.appointmentDate)} · ${record.branchName}`;
  return `Prospecto registrado el ${formatDate(record.leadCreatedAt)} · ${record.branchName}`;
}

/** The search's records grouped by kind, each with a checkbox; the actions act on the checked ones. */
export function ArcoResults({ records }: { records: ArcoRecord[] }) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(records.map(keyOf)));
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const exporter = useArcoExport();
  const selected = records.filter((record) => checked.has(keyOf(record)));
  const refs = selected.map(({ kind, id }) => ({ kind, id }));

  const toggle = (record: ArcoRecord) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(keyOf(record))) next.delete(keyOf(record));
      else next.add(keyOf(record));
      return next;
    });

  const download = async (format: ArcoExportFormat) => {
    setFailure(null);
    try {
      await exporter.mutateAsync({ records: refs, format });
      notify.success(`Exportación ${format.toUpperCase()} descargada`);
    } catch (error) {
      if (isSessionExpired(error)) return;
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {records.length} registro(s) encontrado(s) · {selected.length} seleccionado(s)
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={selected.length === 0 || exporter.isPending} onClick={() => void download('json')}>
            <Download aria-hidden="true" />
            Exportar JSON
          </Button>
          <Button variant="secondary" disabled={selected.length === 0 || exporter.isPending} onClick={() => void download('pdf')}>
            <Download aria-hidden="true" />
            Exportar PDF
          </Button>
          <Button variant="danger" disabled={selected.length === 0} onClick={() => setCancelling(true)}>
            <Eraser aria-hidden="true" />
            Cancelar datos
          </Button>
        </div>
      </Card>
      {failure ? (
        <Alert>
          <p className="font-medium">No se pudo exportar</p>
          <p>{failure}</p>
        </Alert>
      ) : null}
      {arcoRecordKinds.map((kind) => {
        const group = records.filter((record) => record.kind === kind);
        if (group.length === 0) return null;
        return (
          <Card key={kind} className="p-4">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{groupTitles[kind]}</h2>
            <ul aria-label={groupTitles[kind]} className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              {group.map((record) => (
                <RecordRow key={keyOf(record)} record={record} checked={checked.has(keyOf(record))} onToggle={() => toggle(record)} />
              ))}
            </ul>
          </Card>
        );
      })}
      <CancelDialog open={cancelling} onOpenChange={setCancelling} records={selected} />
    </div>
  );
}

function RecordRow({ record, checked, onToggle }: { record: ArcoRecord; checked: boolean; onToggle: () => void }) {
  // Leads keep E.164 (issue 20); every number is shown as people read it ('55 3193 3251').
  const contact = [record.email, formatPhone(record.phone)].filter(Boolean).join(' · ');
  return (
    <li data-testid="arco-record" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <label className="flex min-w-0 cursor-pointer items-start gap-3">
        <input type="checkbox" className="mt-1 size-4 shrink-0" checked={checked} onChange={onToggle} aria-label={`${arcoRecordKindLabels[record.kind]} ${record.name}: ${whereText(record)}`} />
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
            {record.name}
            {record.retained ? <Badge tone="brand" title={record.retentionReason ?? undefined}>Conservado por obligación legal</Badge> : null}
          </span>
          {contact ? <span className="block text-sm break-words text-slate-600 dark:text-slate-400">{contact}</span> : null}
          <span className="block text-sm text-slate-500 dark:text-slate-400">{whereText(record)}</span>
          {record.retentionReason ? <span className="block text-xs text-amber-700 dark:text-amber-400">{retentionDetail(record.retentionReason)}</span> : null}
          {record.claims.map((claim) => (
            <span key={claim.id} className="block text-xs text-slate-600 dark:text-slate-400">
              Incidencia {claim.number}: {claim.personalData.join(', ')}
            </span>
          ))}
        </span>
      </label>
      <Button asChild variant="ghost" size="sm">
        <Link to={record.editPath} aria-label={`Rectificar: ${arcoRecordKindLabels[record.kind]} ${record.name}, ${whereText(record)}`}>
          <Pencil aria-hidden="true" />
          Rectificar
        </Link>
      </Button>
    </li>
  );
}
