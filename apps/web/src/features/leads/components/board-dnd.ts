import type { MouseEvent as ReactMouseEvent, SyntheticEvent, TouchEvent as ReactTouchEvent } from 'react';
import {
  closestCenter,
  KeyboardCode,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type Active,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type MouseSensorOptions,
  type Over,
  type ScreenReaderInstructions,
  type TouchSensorOptions,
} from '@dnd-kit/core';
import type { Lead, LeadColumn } from '@portal/domain';
import { leadDisplayName } from './lead-format';

/** What a card carries while it is dragged. */
export interface LeadDragData {
  lead: Lead;
}

export function draggedLead(item: Active | null | undefined): Lead | undefined {
  return (item?.data.current as LeadDragData | undefined)?.lead;
}

/**
 * Whether a press on a card may start a drag: not in the note input (text selection), and not in
 * something rendered in a portal from the card (the notes popover, the move menu), whose React
 * events bubble to the card although the element is elsewhere on the page.
 */
function startsOnCard(event: SyntheticEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element) || !(event.currentTarget instanceof Element) || !event.currentTarget.contains(target)) return false;
  return target.closest('input, textarea, select, [contenteditable="true"]') === null;
}

/** The mouse: a drag starts after 5 px, so a click on a link or a button stays a click. */
export class BoardMouseSensor extends MouseSensor {
  static override activators = [
    {
      eventName: 'onMouseDown' as const,
      handler: (event: ReactMouseEvent, { onActivation }: MouseSensorOptions) => {
        if (event.nativeEvent.button !== 0 || !startsOnCard(event)) return false;
        onActivation?.({ event: event.nativeEvent });
        return true;
      },
    },
  ];
}

/** Touch: a long press (see the delay) starts a drag, so a swipe still scrolls the board. */
export class BoardTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: 'onTouchStart' as const,
      handler: (event: ReactTouchEvent, { onActivation }: TouchSensorOptions) => {
        if (event.nativeEvent.touches.length > 1 || !startsOnCard(event)) return false;
        onActivation?.({ event: event.nativeEvent });
        return true;
      },
    },
  ];
}

export const mouseActivation = { activationConstraint: { distance: 5 } } satisfies MouseSensorOptions;
export const touchActivation = { activationConstraint: { delay: 250, tolerance: 8 } } satisfies TouchSensorOptions;
export { KeyboardSensor };

/**
 * The column a keyboard drag is over. Arrows step through the board's order rather than its
 * geometry, so a keyboard move goes where the user expects on any layout. Set when a drag starts,
 * moved by the arrows, cleared when it ends; read by the collision detection (never by rendering).
 */
export class KeyboardColumnTarget {
  private id: string | null = null;
  get current(): string | null {
    return this.id;
  }
  set(id: string | null) {
    this.id = id;
  }
}

/**
 * Keyboard moves go column to column in the board's order (left and right arrows): the column
 * reached is kept in `target`, which the collision detection below answers while a keyboard drag
 * lasts. The card's preview is also moved over that column.
 */
export function columnKeyboardCoordinates(columnIds: readonly string[], target: KeyboardColumnTarget): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
    if (step === 0) {
      // Up and down mean nothing on the board; do not let them scroll the page mid-drag.
      if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) event.preventDefault();
      return undefined;
    }
    const ids = columnIds;
    const from = target.current ?? (context.over ? String(context.over.id) : ids[0]);
    const next = ids[ids.indexOf(from ?? '') + step];
    if (next === undefined) return undefined;
    target.set(next);
    const rect = context.droppableRects.get(next);
    const width = context.collisionRect?.width ?? 0;
    return rect ? { x: rect.left + (rect.width - width) / 2, y: currentCoordinates.y } : { ...currentCoordinates };
  };
}

/** A pointer drops where it points (or the column the card overlaps); a keyboard drag on its target. */
export function boardCollisionDetection(target: KeyboardColumnTarget): CollisionDetection {
  return (args) => {
    if (args.pointerCoordinates) {
      const within = pointerWithin(args);
      return within.length > 0 ? within : rectIntersection(args);
    }
    const container = target.current === null ? undefined : args.droppableContainers.find((droppable) => droppable.id === target.current);
    return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : closestCenter(args);
  };
}

// --- what a screen reader hears, in Spanish -------------------------------------------------------

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'Para mover un lead a otro estatus, pulse la barra espaciadora o Enter sobre su nombre. ' +
    'Use las flechas izquierda y derecha para pasar de una columna a otra. ' +
    'Pulse de nuevo la barra espaciadora o Enter para soltarlo, o Escape para cancelar.',
};

/** What is announced; a keyboard drag names the column its arrows reached (see KeyboardColumnTarget). */
export function boardAnnouncements(columns: readonly LeadColumn[], target: KeyboardColumnTarget): Announcements {
  const title = (over: Over | null) => {
    const id = target.current ?? over?.id;
    return columns.find((column) => column.id === id)?.title;
  };
  const name = (active: Active) => {
    const lead = draggedLead(active);
    return lead ? leadDisplayName(lead) : String(active.id);
  };
  return {
    onDragStart: ({ active }) => `Lead ${name(active)} tomado. Use las flechas izquierda y derecha para elegir la columna.`,
    onDragOver: ({ active, over }) =>
      title(over) ? `Lead ${name(active)} sobre la columna ${title(over)}.` : `Lead ${name(active)} fuera de las columnas.`,
    onDragEnd: ({ active, over }) =>
      title(over) ? `Lead ${name(active)} soltado en la columna ${title(over)}.` : `Lead ${name(active)} soltado fuera de las columnas; no se movió.`,
    onDragCancel: ({ active }) => `Movimiento cancelado. El lead ${name(active)} vuelve a su columna.`,
  };
}
