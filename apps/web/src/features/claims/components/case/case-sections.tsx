import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ClaimDetail } from '@portal/domain';
import { cn } from '@/lib/cn';
import { SelectField } from '@/components/ui/select-field';
import type { ClaimAccess } from './claim-access';
import { AgreementTab } from './agreement-tab';
import { ContactsTab } from './contacts-tab';
import { DocumentsTab } from './documents-tab';
import { LawsuitTab } from './lawsuit-tab';
import { MoneyTab } from './money-tab';
import { StagesTab } from './stages-tab';
import { SummaryTab } from './summary-tab';

type TabProps = { claim: ClaimDetail; access: ClaimAccess };

const sections = [
  { id: 'resumen', label: 'Resumen', Panel: SummaryTab },
  { id: 'etapas', label: 'Etapas', Panel: StagesTab },
  { id: 'gestion', label: 'Gestión extrajudicial', Panel: ContactsTab },
  { id: 'convenio', label: 'Convenio de pago', Panel: AgreementTab },
  { id: 'demanda', label: 'Demanda', Panel: LawsuitTab },
  { id: 'documentos', label: 'Documentos', Panel: DocumentsTab },
  { id: 'costos', label: 'Costos y recuperación', Panel: MoneyTab },
] as const satisfies ReadonlyArray<{ id: string; label: string; Panel: (props: TabProps) => ReactNode }>;
type SectionId = (typeof sections)[number]['id'];

const sectionParam = 'seccion';

/**
 * The case's sections: tabs on a laptop (arrows move between them), a select on a phone. The
 * section is kept in the URL (`?seccion=demanda`), so a reload or a shared link opens it.
 */
export function CaseSections({ claim, access }: TabProps) {
  const [search, setSearch] = useSearchParams();
  const current = sections.find((section) => section.id === search.get(sectionParam)) ?? sections[0];
  const baseId = useId();
  const tabId = (id: SectionId) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  const choose = (id: SectionId) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(sectionParam, id);
        return next;
      },
      { replace: true },
    );
  const move = (step: number) => {
    const index = sections.findIndex((section) => section.id === current.id);
    const next = sections[(index + step + sections.length) % sections.length]!;
    choose(next.id);
    requestAnimationFrame(() => document.getElementById(tabId(next.id))?.focus());
  };
  const Panel = current.Panel;
  return (
    <div className="space-y-4">
      <SelectField label="Sección" fieldClassName="md:hidden" value={current.id} onChange={(event) => choose(event.target.value as SectionId)}>
        {sections.map((section) => (
          <option key={section.id} value={section.id}>
            {section.label}
          </option>
        ))}
      </SelectField>
      <div role="tablist" aria-label="Secciones de la incidencia" className="hidden gap-1 overflow-x-auto border-b border-slate-200 md:flex dark:border-slate-800">
        {sections.map((section) => (
          <button
            key={section.id}
            id={tabId(section.id)}
            type="button"
            role="tab"
            aria-selected={section.id === current.id}
            aria-controls={panelId}
            tabIndex={section.id === current.id ? 0 : -1}
            onClick={() => choose(section.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(1);
              else if (event.key === 'ArrowLeft') move(-1);
            }}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
              section.id === current.id
                ? 'border-brand-600 text-brand-700 dark:text-brand-300'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {section.label}
          </button>
        ))}
      </div>
      <section id={panelId} role="tabpanel" aria-labelledby={tabId(current.id)} className="space-y-4">
        <Panel claim={claim} access={access} />
      </section>
    </div>
  );
}
