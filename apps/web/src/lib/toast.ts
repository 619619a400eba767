import { toast } from 'sonner';
import { registerToastModule } from './toast-registry';

/** The spec's toast durations: errors (and plain messages) 4 s, successes 2 s. */
export const toastDurations = { error: 4000, success: 2000, message: 4000 } as const;

export const notify = {
  success: (message: string, description?: string) =>
    toast.success(message, { duration: toastDurations.success, description }),
  error: (message: string, description?: string) =>
    toast.error(message, { duration: toastDurations.error, description }),
  message: (message: string, description?: string) =>
    toast(message, { duration: toastDurations.message, description }),
};

registerToastModule({ notify, dismissAll: () => toast.dismiss() });
