import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DndContext, DragOverlay, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { columnOfLead, type Lead, type LeadColumn } from '@portal/domain';
import {
  boardAnnouncements,
  boardCollisionDetection,
  boardInstructions,
  BoardMouseSensor,
  BoardTouchSensor,
  columnKeyboardCoordinates,
  draggedLead,
  KeyboardColumnTarget,
  KeyboardSensor,
  mouseActivation,
  touchActivation,
} from './board-dnd';
import { LeadCard, LeadCardPreview } from './lead-card';
import { LeadColumnView } from './lead-column';
import { useLeadMove } from './use-lead-move';

interface LeadsBoardProps {
  columns: readonly LeadColumn[];
  /** The leads to show (already searched); each goes to its status's column, or the first. */
  leads: readonly Lead[];
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

/** Where focus goes once a lead moved by keyboard or menu shows in its column (a new element). */
interface Refocus {
  leadId: number;
  column: string;
}

/** The columns side by side (scrolling sideways on small screens), cards dragged between them. */
export function LeadsBoard({ columns, leads, onEdit, onDelete }: LeadsBoardProps) {
  const move = useLeadMove(columns);
  const { scroller, overflow, measure } = useSideOverflow(columns.length);
  const [active, setActive] = useState<Lead | null>(null);
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const clearRefocus = useCallback(() => setRefocus(null), []);
  // The column a keyboard drag is over: arrows step through the board's order, not its geometry.
  const [keyboardTarget] = useState(() => new KeyboardColumnTarget());

  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: columnKeyboardCoordinates(columns.map((column) => column.id), keyboardTarget) }),
    [columns, keyboardTarget],
  );
  const sensors = useSensors(
    useSensor(BoardMouseSensor, mouseActivation),
    useSensor(BoardTouchSensor, touchActivation),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const collisionDetection = useMemo(() => boardCollisionDetection(keyboardTarget), [keyboardTarget]);
  const accessibility = useMemo(
    () => ({ announcements: boardAnnouncements(columns, keyboardTarget), screenReaderInstructions: boardInstructions }),
    [columns, keyboardTarget],
  );

  const byColumn = useMemo(() => {
    const groups = new Map<string, Lead[]>(columns.map((column) => [column.id, []]));
    for (const lead of leads) {
      const column = columnOfLead(lead, columns);
      if (column !== undefined) groups.get(column)?.push(lead);
    }
    return groups;
  }, [columns, leads]);

  /**
   * A move by keyboard or by the 'Mover a…' menu: focus follows the card to its new column (a new
   * element there), and back with it if the server refuses, unless the user has gone elsewhere.
   */
  const moveFollowingFocus = useCallback(
    (lead: Lead, columnId: string) => {
      const from = columnOfLead(lead, columns);
      if (from === undefined || from === columnId) return;
      setRefocus({ leadId: lead.id, column: columnId });
      void move(lead, columnId).then((moved) => {
        if (!moved && focusIsWithLead(lead.id)) setRefocus({ leadId: lead.id, column: from });
      });
    },
    [columns, move],
  );

  const onDragStart = ({ active: item, activatorEvent }: DragStartEvent) => {
    const lead = draggedLead(item);
    setActive(lead ?? null);
    setRefocus(null);
    // Only a keyboard drag follows the arrows; a pointer drag drops where it points.
    keyboardTarget.set(lead && activatorEvent instanceof KeyboardEvent ? (columnOfLead(lead, columns) ?? null) : null);
  };

  const onDragEnd = ({ active: item, over, activatorEvent }: DragEndEvent) => {
    const byKeyboard = activatorEvent instanceof KeyboardEvent;
    // A keyboard drop goes to the column the arrows reached, even when the key comes before the
    // board has re-measured what the card is over. (The target stays set until the next drag so
    // the drop's announcement names the same column.)
    const to = byKeyboard ? (keyboardTarget.current ?? over?.id) : over?.id;
    setActive(null);
    const lead = draggedLead(item);
    if (!lead || to === undefined) return;
    if (byKeyboard) moveFollowingFocus(lead, String(to));
    else void move(lead, String(to));
  };

  const onDragCancel = () => {
    setActive(null);
    keyboardTarget.set(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <ScrollHint overflow={overflow} />
      <div className="relative">
        {/* relative: the count badges' sr-only text (position: absolute) must stay inside this scroller, or it widens the page. */}
        <div ref={scroller} onScroll={measure} data-testid="leads-board" className="relative -mx-1 flex gap-4 overflow-x-auto px-1 pb-4">
          {columns.map((column) => {
            const cards = byColumn.get(column.id) ?? [];
            return (
              <LeadColumnView key={column.id} column={column} count={cards.length}>
                {cards.map((lead) => (
                  <LeadCard
                    key={lead.id}
                    lead={lead}
                    columns={columns}
                    columnId={column.id}
                    refocus={refocus?.leadId === lead.id && refocus.column === column.id}
                    onRefocused={clearRefocus}
                    onMove={moveFollowingFocus}
                    onEdit={onEdit}
                    onDelete={onDelete}
                  />
                ))}
              </LeadColumnView>
            );
          })}
        </div>
        {/* Fades over the edges where columns are out of sight (issue 20: none hides unnoticed). */}
        {overflow.left ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-white to-transparent dark:from-slate-950" /> : null}
        {overflow.right ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent dark:from-slate-950" /> : null}
      </div>
      <DragOverlay dropAnimation={null}>{active ? <LeadCardPreview lead={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

/** Focus is on the lead's card, or was lost with it (the card is a new element after each move). */
function focusIsWithLead(leadId: number): boolean {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || !focused.isConnected) return true;
  return focused.closest(`[data-lead-id="${leadId}"]`) !== null;
}

interface SideOverflow {
  left: boolean;
  right: boolean;
}

/** Whether the board's scroller hides columns on either side; re-measured on resize and scroll. */
function useSideOverflow(columnCount: number) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState<SideOverflow>({ left: false, right: false });
  const measure = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const left = node.scrollLeft > 1;
    const right = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
    setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, columnCount]);
  return { scroller, overflow, measure };
}

/** Said in words too (not only a fade): more columns are beside the visible ones. */
function ScrollHint({ overflow }: { overflow: SideOverflow }) {
  if (!overflow.left && !overflow.right) return null;
  return (
    <p data-testid="leads-board-scroll-hint" className="mb-2 text-xs text-slate-500 dark:text-slate-400">
      {overflow.left ? '← ' : ''}Desliza para ver más columnas{overflow.right ? ' →' : ''}
    </p>
  );
}
