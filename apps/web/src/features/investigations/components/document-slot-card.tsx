import { useId, useState } from 'react';
import {
  asksIdentificationType,
  identificationTypeLabels,
  identificationTypes,
  type IdentificationType,
  type InvestigationDocument,
  type RequiredDocument,
} from '@portal/domain';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { FileUploadRow } from './file-upload-row';
import { initialIdentificationType, slotRows } from './slot-rows';

interface DocumentSlotCardProps {
  folio: string;
  document: RequiredDocument;
  /** The investigation's stored documents, by documentType. */
  uploaded: ReadonlyMap<string, InvestigationDocument>;
  /** The investigation was decided: its files are shown, not changed. */
  locked: boolean;
}

/** One required document: its name and hint, the identification type where it applies, its files. */
export function DocumentSlotCard({ folio, document, uploaded, locked }: DocumentSlotCardProps) {
  const headingId = useId();
  const asksType = asksIdentificationType(document.slot);
  const [identificationType, setIdentificationType] = useState(() => initialIdentificationType(document.slot, uploaded));
  const rows = slotRows(document, asksType ? identificationType : undefined);

  return (
    <Card>
      <section aria-labelledby={headingId} data-testid={`slot-${document.slot}`} className="space-y-4 p-5">
        <div className="space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            {document.label}
          </h2>
          {document.hint ? <p className="text-sm text-slate-600 dark:text-slate-400">{document.hint}</p> : null}
        </div>
        {asksType ? (
          <SelectField
            label="Tipo de identificación"
            data-testid={`identification-type-${document.slot}`}
            value={identificationType}
            disabled={locked}
            onChange={(event) => setIdentificationType(event.target.value as IdentificationType)}
            fieldClassName="max-w-xs"
          >
            {identificationTypes.map((type) => (
              <option key={type} value={type}>
                {identificationTypeLabels[type]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <ul className="space-y-3">
          {rows.map((row) => (
            <FileUploadRow
              key={row.documentType}
              folio={folio}
              documentType={row.documentType}
              identificationType={row.identificationType}
              title={row.title}
              existing={uploaded.get(row.documentType)}
              slotHeadingId={headingId}
              locked={locked}
            />
          ))}
        </ul>
      </section>
    </Card>
  );
}
