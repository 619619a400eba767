import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toastDurations } from '@/lib/toast';

/**
 * Toasts top-right (spec): at most 20 at once; errors 4 s, successes 2 s (set per call). They
 * start below the header (64 px), so a toast never covers the bell, 'Mi cuenta' or 'Cerrar
 * Sesión' — a pointer resting on a toast pauses it, which would keep them covered.
 */
export function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, right: 12, left: 12 }}
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
