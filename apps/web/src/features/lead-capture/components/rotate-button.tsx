import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * A button that makes a new secret after asking: a rotation kills the one in use, so the question
 * says so when there is one (`replacing`).
 */
export function RotateButton(props: {
  label: string;
  busyLabel: string;
  confirmTitle: string;
  confirmFirst: string;
  confirmRotate: string;
  replacing: boolean;
  busy: boolean;
  disabled?: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={props.replacing ? 'secondary' : 'primary'} onClick={() => setOpen(true)} disabled={props.busy || props.disabled}>
        <KeyRound aria-hidden="true" />
        {props.busy ? props.busyLabel : props.label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={props.confirmTitle}
        description={props.replacing ? props.confirmRotate : props.confirmFirst}
        confirmLabel={props.label}
        tone={props.replacing ? 'danger' : 'primary'}
        busy={props.busy}
        onConfirm={() => void props.onConfirm().finally(() => setOpen(false))}
      />
    </>
  );
}
