import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toastDurations } from '@/lib/toast';

/** Toasts top-right (spec): at most 20 at once; errors 4 s, successes 2 s (set per call). */
export function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      position="top-right"
      theme={theme}
      richColors
      closeButton
      visibleToasts={20}
      duration={toastDurations.message}
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      containerAriaLabel="Notificaciones"
    />
  );
}
