import { useMemo, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { leadMessages, type Lead, type LeadColumn } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { useSaveLeadColumns } from '../api';
import { ColumnRow } from './column-row';
import {
  addDraftColumn,
  checkDraft,
  leadsInColumn,
  maxColumns,
  movedLeadsNote,
  movedLeadsWarning,
  toDraft,
  type DraftColumn,
  type DraftErrors,
  withWonColumn,
} from './columns-draft';

interface ColumnsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The board's columns as the server has them. */
  columns: readonly LeadColumn[];
  /** The loaded leads, to say how many a deleted status holds. */
  leads: readonly Lead[];
}

/** 'Configurar Estatus' (managers and admins): reorder, rename, recolour, add and delete statuses. */
export function ColumnsDialog({ open, onOpenChange, columns, leads }: ColumnsDialogProps) {
  // While a status is dragged by keyboard, Escape cancels the drag, not the dialog.
  const [dragging, setDragging] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={leadMessages.configureTitle}
        description="Ordene, renombre y coloree las columnas del tablero de su sucursal."
        className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
        onEscapeKeyDown={(event) => {
          if (dragging) event.preventDefault();
        }}
      >
        <ColumnsEditor columns={columns} leads={leads} onDraggingChange={setDragging} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface ColumnsEditorProps {
  columns: readonly LeadColumn[];
  leads: readonly Lead[];
  onDraggingChange: (dragging: boolean) => void;
  onDone: () => void;
}

function ColumnsEditor({ columns, leads, onDraggingChange, onDone }: ColumnsEditorProps) {
  const [draft, setDraft] = useState(() => toDraft(columns));
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; message: string } | null>(null);
  const save = useSaveLeadColumns();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements = useMemo(() => sortAnnouncements(draft), [draft]);

  const change = (column: DraftColumn) => setDraft((current) => current.map((item) => (item.id === column.id ? column : item)));
  const remove = (id: string) => setDraft((current) => current.filter((item) => item.id !== id));

  const askDelete = (column: DraftColumn) => {
    const count = leadsInColumn(column.id, leads, columns);
    if (count === 0) return remove(column.id);
    const first = draft.find((item) => item.id !== column.id);
    const title = (item: DraftColumn | LeadColumn | undefined) => item?.title.trim() || columns.find((saved) => saved.id === item?.id)?.title || '';
    setConfirming({ id: column.id, message: movedLeadsWarning(title(column), count, title(first)) });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onDraggingChange(false);
    if (!over || active.id === over.id) return;
    setDraft((current) => {
      const from = current.findIndex((item) => item.id === active.id);
      const to = current.findIndex((item) => item.id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  };

  const submit = async () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors(null);
    try {
      const saved = await save.mutateAsync(checked.columns);
      notify.success(leadMessages.columnsSaved, movedLeadsNote(saved.moved, saved.columns[0]?.title ?? ''));
      onDone();
    } catch (error) {
      if (!isSessionExpired(error)) notify.error(leadMessages.columnsSaveError, errorMessage(error));
    }
  };

  return (
    <div className="mt-5 space-y-4">
      {errors && errors.list.length > 0 ? (
        <Alert>
          {errors.list.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements, screenReaderInstructions: sortInstructions }}
        onDragStart={() => onDraggingChange(true)}
        onDragEnd={onDragEnd}
        onDragCancel={() => onDraggingChange(false)}
      >
        <SortableContext items={draft.map((column) => column.id)} strategy={verticalListSortingStrategy}>
          <ul aria-label="Estatus del tablero" className="space-y-2">
            {draft.map((column, index) => (
              <ColumnRow
                key={column.id}
                column={column}
                position={index + 1}
                errors={errors?.rows[column.id]}
                canDelete={draft.length > 1}
                autoFocus={column.id === added}
                onChange={change}
                onDelete={() => askDelete(column)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <Button
        variant="secondary"
        disabled={draft.length >= maxColumns}
        onClick={() => {
          const next = addDraftColumn(draft);
          setDraft(next);
          setAdded(next.at(-1)?.id ?? null);
        }}
      >
        <Plus aria-hidden="true" />
        {leadMessages.addColumn}
      </Button>
      <SelectField
        label={leadMessages.wonColumn}
        hint="Al convertir un lead en póliza, pasa a esta columna."
        value={draft.find((column) => column.isWon)?.id ?? ''}
        onChange={(event) => setDraft(withWonColumn(draft, event.target.value))}
      >
        <option value="">{leadMessages.noWonColumn}</option>
        {draft.map((column) => (
          <option key={column.id} value={column.id}>
            {column.title.trim() || 'Sin título'}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary" disabled={save.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button disabled={save.isPending} aria-busy={save.isPending || undefined} onClick={() => void submit()}>
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setConfirming(null))}
        title="¿Eliminar estatus?"
        description={confirming?.message ?? ''}
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={() => {
          if (confirming) remove(confirming.id);
          setConfirming(null);
        }}
      />
    </div>
  );
}

const sortInstructions = {
  draggable:
    'Para cambiar el orden de un estatus, pulse la barra espaciadora o Enter sobre su botón Mover. ' +
    'Use las flechas arriba y abajo para moverlo. Pulse de nuevo la barra espaciadora o Enter para soltarlo, o Escape para cancelar.',
};

function sortAnnouncements(draft: readonly DraftColumn[]): Announcements {
  const total = draft.length;
  const position = (id: UniqueIdentifier | undefined) => draft.findIndex((column) => column.id === id) + 1;
  const title = (id: UniqueIdentifier) => draft.find((column) => column.id === id)?.title.trim() || 'sin título';
  return {
    onDragStart: ({ active }) => `Estatus ${title(active.id)} tomado, posición ${position(active.id)} de ${total}.`,
    onDragOver: ({ active, over }) =>
      over ? `Estatus ${title(active.id)} movido a la posición ${position(over.id)} de ${total}.` : `Estatus ${title(active.id)} fuera de la lista.`,
    onDragEnd: ({ active, over }) =>
      over ? `Estatus ${title(active.id)} soltado en la posición ${position(over.id)} de ${total}.` : `Estatus ${title(active.id)} soltado sin cambios.`,
    onDragCancel: ({ active }) => `Reordenamiento cancelado. Estatus ${title(active.id)} vuelve a la posición ${position(active.id)}.`,
  };
}
