import { useId, useState } from 'react';
import {
  backSideSlots,
  formatDocumentType,
  identificationTypeLabels,
  identificationTypes,
  type IdentificationType,
  type PublicUploadDocument,
  type ReceivedDocument,
} from '@portal/domain';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { FileRow } from './file-row';

interface UploadDocumentCardProps {
  token: string;
  document: PublicUploadDocument;
  /** What arrived in the card's slot (and its back side's). */
  received: ReceivedDocument[];
  disabled: boolean;
}

/**
 * One document asked of the person: its name and hint, the identification type where asked
 * (INE separada adds the back side), and a row per file (three for the income proofs).
 */
export function UploadDocumentCard({ token, document, received, disabled }: UploadDocumentCardProps) {
  const headingId = useId();
  const stored = received.find((file) => file.slot === document.slot && file.index === 0)?.identificationType ?? null;
  const [identificationType, setIdentificationType] = useState<IdentificationType>(stored ?? 'ine');
  const back = backSideSlots[document.slot];
  const separate = document.asksIdentificationType && identificationType === 'ineSeparada' && back !== undefined;
  const find = (slot: string, index: number) => received.find((file) => file.slot === slot && file.index === index);
  const rows = Array.from({ length: document.files }, (_, index) => ({
    documentType: formatDocumentType(document.slot, index),
    received: find(document.slot, index),
    title: document.files > 1 ? `Archivo ${index + 1} de ${document.files}` : separate ? 'Frente' : null,
    name: document.files > 1 ? `${document.label}, archivo ${index + 1} de ${document.files}` : separate ? `${document.label}, frente` : document.label,
    identificationType: document.asksIdentificationType ? identificationType : undefined,
  }));
  if (separate) {
    rows.push({ documentType: back, received: find(back, 0), title: 'Reverso', name: `${document.label}, reverso`, identificationType: 'ineSeparada' });
  }
  const present = rows.filter((row) => row.received).length;

  return (
    <Card role="article" aria-labelledby={headingId} data-testid={`upload-card-${document.slot}`} className="space-y-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {document.label}
          </h2>
          {document.hint ? <p className="text-sm text-slate-600 dark:text-slate-400">{document.hint}</p> : null}
        </div>
        <span className={cn('shrink-0 text-xs font-medium', present === rows.length ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500')}>
          {present} de {rows.length}
        </span>
      </div>
      {document.asksIdentificationType ? (
        <IdentificationChoice value={identificationType} onChange={setIdentificationType} disabled={disabled} />
      ) : null}
      <ul className="space-y-2">
        {rows.map((row) => (
          <FileRow
            // A new row when the type changes: what it sends goes with the type chosen.
            key={`${row.documentType}-${row.identificationType ?? ''}`}
            token={token}
            documentType={row.documentType}
            identificationType={row.identificationType}
            name={row.name}
            title={row.title}
            received={row.received}
            disabled={disabled}
          />
        ))}
      </ul>
    </Card>
  );
}

function IdentificationChoice({ value, onChange, disabled }: { value: IdentificationType; onChange: (type: IdentificationType) => void; disabled: boolean }) {
  const name = useId();
  return (
    <fieldset className="space-y-1.5" disabled={disabled}>
      <legend className="text-sm font-medium">Tipo de identificación</legend>
      <div className="grid grid-cols-3 gap-2">
        {identificationTypes.map((type) => (
          <label
            key={type}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-center text-sm font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              value === type
                ? 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
                : 'border-slate-300 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
            )}
          >
            <input type="radio" name={name} value={type} checked={value === type} onChange={() => onChange(type)} className="sr-only" />
            {identificationTypeLabels[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
