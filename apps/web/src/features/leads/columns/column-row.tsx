import { useId } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { withColorText, type DraftColumn } from './columns-draft';

interface ColumnRowProps {
  column: DraftColumn;
  position: number;
  errors: { title?: string; color?: string; other?: string } | undefined;
  canDelete: boolean;
  autoFocus: boolean;
  onChange: (column: DraftColumn) => void;
  onDelete: () => void;
}

/** One status in 'Configurar Estatus': handle, colour (picker and hex text), title and delete. */
export function ColumnRow({ column, position, errors, canDelete, autoFocus, onChange, onDelete }: ColumnRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: column.id });
  const id = useId();
  const label = column.title.trim() || String(position);
  const messages = [errors?.title, errors?.color, errors?.other].filter((message): message is string => Boolean(message));
  const errorId = `${id}-error`;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900', isDragging && 'z-10 shadow-lg')}
      data-testid={`column-row-${column.id}`}
    >
      <fieldset className="min-w-0">
        <legend className="sr-only">Estatus {position}</legend>
        <div className="flex items-center gap-2">
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-roledescription="estatus ordenable"
            aria-label={`Mover estatus ${label}`}
            className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
          <input
            type="color"
            aria-label="Color"
            value={column.swatch.toLowerCase()}
            onChange={(event) => onChange({ ...column, color: event.target.value, swatch: event.target.value })}
            className="h-8 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900"
          />
          <Input
            aria-label="Título"
            value={column.title}
            maxLength={60}
            autoFocus={autoFocus}
            onFocus={autoFocus ? (event) => event.currentTarget.select() : undefined}
            aria-invalid={errors?.title ? true : undefined}
            aria-describedby={messages.length > 0 ? errorId : undefined}
            onChange={(event) => onChange({ ...column, title: event.target.value })}
            className="h-8 min-w-0 flex-1"
          />
          <Input
            aria-label="Código de color"
            value={column.color}
            maxLength={7}
            spellCheck={false}
            placeholder="#RRGGBB"
            aria-invalid={errors?.color ? true : undefined}
            aria-describedby={messages.length > 0 ? errorId : undefined}
            onChange={(event) => onChange(withColorText(column, event.target.value))}
            className="h-8 w-24 shrink-0 font-mono text-xs"
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-red-600 hover:text-red-700 dark:text-red-400"
            aria-label={`Eliminar estatus ${label}`}
            disabled={!canDelete}
            title={canDelete ? undefined : 'El tablero necesita al menos un estatus'}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        {messages.length > 0 ? (
          <p id={errorId} className="mt-1 pl-10 text-sm text-red-600 dark:text-red-400">
            {messages.join(' ')}
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}
