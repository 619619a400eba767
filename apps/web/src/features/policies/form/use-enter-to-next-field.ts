import type { KeyboardEvent } from 'react';

const fieldSelector = 'input, select, textarea';
/** Inputs that are buttons keep Enter's usual meaning (press the button). */
const buttonTypes = new Set(['submit', 'button', 'reset', 'image']);

function isEditableField(element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  const field = element as HTMLInputElement;
  return !field.disabled && !field.readOnly && field.type !== 'hidden' && field.tabIndex >= 0;
}

/**
 * The form's keydown handler: Enter in an input or select never submits (spec section 5), it
 * moves focus to the next editable field. Text areas keep Enter for a new line and buttons keep
 * it for a press, so the only way to submit is the submit button itself.
 */
export function useEnterToNextField() {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target as Element;
    const isInput = target instanceof HTMLInputElement && !buttonTypes.has(target.type);
    if (!isInput && !(target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    const fields = Array.from(event.currentTarget.querySelectorAll(fieldSelector)).filter(isEditableField);
    fields[fields.indexOf(target as HTMLInputElement) + 1]?.focus();
  };
}
