import { claimDocumentKinds, claimMessages, isCollectionLetter, type ClaimDocumentKind, type TemplateKind } from '@portal/domain';

export function isClaimTemplate(kind: TemplateKind): kind is ClaimDocumentKind {
  return (claimDocumentKinds as readonly string[]).includes(kind);
}

/**
 * What an incidencia's text must know (issue 33): every document is a draft for the office's
 * lawyer; a collection letter may not imitate a court paper (the server refuses it on saving,
 * naming the word) and the portal stamps the extrajudicial notice on each of its pages.
 */
export function ClaimTemplateNotes({ kind }: { kind: ClaimDocumentKind }) {
  return (
    <section aria-labelledby="template-claim-notes" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <h3 id="template-claim-notes" className="font-semibold">
        Documento de incidencias
      </h3>
      <ul className="mt-1 list-disc space-y-1 pl-4">
        <li>{claimMessages.lawyerDraft}</li>
        {isCollectionLetter(kind) ? (
          <>
            <li>
              Es un documento de cobranza: no puede imitar un documento judicial. No se guarda un texto con palabras como «juzgado», «tribunal», «emplazamiento» o
              «citatorio».
            </li>
            <li>El portal agrega al pie de cada página: «{claimMessages.extrajudicialNotice}»</li>
          </>
        ) : (
          <li>Es un resumen interno para el abogado: puede nombrar el juzgado y el expediente judicial.</li>
        )}
        <li>La vista previa usa la incidencia más reciente de la póliza elegida.</li>
      </ul>
    </section>
  );
}
