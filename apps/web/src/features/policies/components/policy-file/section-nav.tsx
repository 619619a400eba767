import type { PolicyFile } from '@portal/domain';
import { useCanSeeAccessLog } from './access-log-section';
import { fileSections, type FileSectionId } from './file-section';

/** A count beside a section's name: what is missing of the documents, how many addendums and appointments. */
function countFor(id: FileSectionId, file: PolicyFile | undefined): string | null {
  if (!file) return null;
  if (id === 'documentos') {
    const missing = file.checklist.filter((item) => item.present < item.expected).length;
    return missing > 0 ? `${missing} ${missing === 1 ? 'falta' : 'faltan'}` : null;
  }
  if (id === 'addendums') return String(file.addendums.length);
  if (id === 'citas') return String(file.appointments.length);
  return null;
}

/**
 * Links to the sections (plain anchors: the browser scrolls, the hash is shareable, Tab and Enter
 * work), sticky under the app header; on a phone it scrolls sideways on its own.
 */
export function SectionNav({ file }: { file: PolicyFile | undefined }) {
  const canSeeAccessLog = useCanSeeAccessLog();
  const sections = fileSections.filter((section) => section.id !== 'accesos' || canSeeAccessLog);
  return (
    <nav
      aria-label="Secciones del expediente"
      className="sticky top-16 z-10 -mx-4 overflow-x-auto border-b border-slate-200 bg-slate-50/95 px-4 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/95 print:hidden"
    >
      <ul className="flex gap-1 py-2">
        {sections.map((section) => {
          const count = countFor(section.id, file);
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                {section.label}
                {count ? <span className="rounded-full bg-slate-200 px-1.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{count}</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
