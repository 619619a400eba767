import { useState } from 'react';

/** Keys whose text is a choice with a default (a reference's 'personal'), not something typed. */
const chosenKeys = new Set(['type']);

/**
 * Whether a row of the form holds anything typed: a non-blank text anywhere inside it (addresses,
 * vehicle, references). Switches and choices with a default do not count: losing them costs nothing.
 */
function holdsTypedData(value: unknown, key = ''): boolean {
  if (typeof value === 'string') return !chosenKeys.has(key) && value.trim() !== '';
  if (Array.isArray(value)) return value.some((item) => holdsTypedData(item));
  if (value && typeof value === 'object') return Object.entries(value).some(([inner, item]) => holdsTypedData(item, inner));
  return false;
}

interface PendingRemoval {
  title: string;
  description: string;
  remove: () => void;
}

/**
 * Removing a tenant, guarantor or reference: at once when it is blank, else after a confirmation
 * naming what goes. Gives the request function and the ConfirmDialog's props.
 */
export function useConfirmedRemoval() {
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [shown, setShown] = useState<PendingRemoval | null>(null);

  const request = (values: unknown, removal: PendingRemoval) => {
    if (!holdsTypedData(values)) {
      removal.remove();
      return;
    }
    setPending(removal);
    setShown(removal);
  };

  const dialogProps = {
    open: pending !== null,
    onOpenChange: (open: boolean) => (open ? undefined : setPending(null)),
    title: shown?.title ?? '',
    description: shown?.description ?? '',
    confirmLabel: 'Eliminar',
    tone: 'danger' as const,
    onConfirm: () => {
      pending?.remove();
      setPending(null);
    },
  };
  return { request, dialogProps };
}

/** '«María López» tiene datos capturados…'; `unnamed` ('Este inquilino', 'Esta referencia') when no name was typed. */
export function removalDescription(name: string | null | undefined, unnamed: string): string {
  const who = name?.trim() ? `«${name.trim()}»` : unnamed;
  return `${who} tiene datos capturados que se quitarán del formulario.`;
}
