import { contractBlockHelp, contractPlaceholders, statementTableMarkers, type TemplateKind } from '@portal/domain';
import { Card } from '@/components/ui/card';
import { ClaimTemplateNotes, isClaimTemplate } from './claim-template-notes';

/**
 * The fields this kind of template may name, each a button that puts `{{key}}` at the editor's
 * cursor: the admin never has to type (or misspell) a key. Above them, how a sentence is written
 * only when a field has a value (or has none): the {{#si}}/{{#no}} blocks.
 */
export function PlaceholderList({ kind, onInsert }: { kind: TemplateKind; onInsert: (key: string) => void }) {
  const placeholders = contractPlaceholders.filter((placeholder) => placeholder.kinds.includes(kind));
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Campos disponibles</h2>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Pulse un campo para insertarlo donde está el cursor.</p>
      <BlockHelp />
      {kind === 'rent_statement' ? <StatementTables /> : null}
      {isClaimTemplate(kind) ? <ClaimTemplateNotes kind={kind} /> : null}
      <ul aria-label="Campos disponibles" className="mt-3 max-h-[32rem] space-y-1 overflow-y-auto">
        {placeholders.map((placeholder) => (
          <li key={placeholder.key}>
            <button
              type="button"
              onClick={() => onInsert(placeholder.key)}
              aria-label={`Insertar ${placeholder.label} ({{${placeholder.key}}})`}
              className="w-full rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800"
            >
              <code className="block font-mono text-xs break-all text-brand-700 dark:text-brand-300">{`{{${placeholder.key}}}`}</code>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{placeholder.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function BlockHelp() {
  const rows = [contractBlockHelp.ifPresent, contractBlockHelp.ifMissing];
  return (
    <section aria-labelledby="template-block-help" className="mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <h3 id="template-block-help" className="text-xs font-semibold text-slate-900 dark:text-white">
        {contractBlockHelp.title}
      </h3>
      <dl className="mt-2 space-y-2">
        {rows.map((row) => (
          <div key={row.example}>
            <dt>
              <code className="font-mono text-xs break-all text-brand-700 dark:text-brand-300">{row.example}</code>
            </dt>
            <dd className="text-xs text-slate-600 dark:text-slate-400">{row.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The statement's tables: a marker alone on its line draws the table there (the server fills it). */
function StatementTables() {
  return (
    <section aria-labelledby="template-statement-tables" className="mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <h3 id="template-statement-tables" className="text-xs font-semibold text-slate-900 dark:text-white">
        Tablas (cada marca sola en su línea)
      </h3>
      <dl className="mt-2 space-y-2">
        {statementTableMarkers.map((row) => (
          <div key={row.marker}>
            <dt>
              <code className="font-mono text-xs text-brand-700 dark:text-brand-300">{row.marker}</code>
            </dt>
            <dd className="text-xs text-slate-600 dark:text-slate-400">{row.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
