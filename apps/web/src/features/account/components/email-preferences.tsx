import { useState } from 'react';
import { accountMessages as messages, adminRoles, hasRole, notificationKindLabels, notificationKinds, type NotificationKind, type Role } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useSaveEmailPreferences } from '../api';

/** Failed jobs are told to admins only: nobody else is offered the choice. */
function offeredKinds(role: Role): NotificationKind[] {
  return notificationKinds.filter((kind) => kind !== 'job_failed' || hasRole(role, adminRoles));
}

/** 'Notificaciones por correo': every notification shows in the bell; the checked kinds also come by e-mail. */
export function EmailPreferences({ role, saved }: { role: Role; saved: NotificationKind[] }) {
  const [chosen, setChosen] = useState<Set<NotificationKind>>(() => new Set(saved));
  const save = useSaveEmailPreferences();
  const dirty = chosen.size !== saved.length || saved.some((kind) => !chosen.has(kind));
  const toggle = (kind: NotificationKind, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          notificationKinds.filter((kind) => chosen.has(kind)),
          { onSuccess: () => notify.success(messages.preferencesSaved), onError: (error) => notify.error(messages.preferencesError, errorMessage(error)) },
        );
      }}
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">Notificaciones por correo</legend>
        <p className="text-sm text-slate-500 dark:text-slate-400">Todas llegan a la campana del portal; las marcadas también le llegan por correo.</p>
        {offeredKinds(role).map((kind) => (
          <label key={kind} className="flex min-h-10 cursor-pointer items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={chosen.has(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            {notificationKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={!dirty || save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar preferencias'}
      </Button>
    </form>
  );
}
