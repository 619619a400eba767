import type { ContractTemplate } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Every saved version of this scope's text, newest first; an older one can be loaded back into the editor. */
export function TemplateVersions({
  versions,
  currentId,
  onLoad,
}: {
  versions: ContractTemplate[];
  currentId: number;
  onLoad: (template: ContractTemplate) => void;
}) {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Versiones</h2>
      {newestFirst.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Esta sucursal aún no tiene versiones propias.</p>
      ) : (
        <ul aria-label="Versiones de la plantilla" className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {newestFirst.map((template) => (
            <li key={template.id} data-testid="template-version" className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                  Versión {template.version}
                  {template.id === currentId ? <Badge tone="success">Actual</Badge> : null}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(template.createdAt)} · {template.createdByName}
                </p>
              </div>
              {template.id === currentId ? null : (
                <Button variant="ghost" size="sm" onClick={() => onLoad(template)} aria-label={`Cargar en el editor la versión ${template.version}`}>
                  Cargar en el editor
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
