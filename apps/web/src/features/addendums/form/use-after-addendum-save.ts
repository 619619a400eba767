import { useNavigate } from 'react-router';
import type { Addendum } from '@portal/domain';
import { paths } from '@/lib/paths';
import { useIsMounted } from '@/lib/use-is-mounted';
import { notify } from '@/lib/toast';
import type { AddendumUpload } from './use-addendum-upload';

/**
 * What follows a successful save: its toast, the file chosen sent to the saved addendum, then the
 * list. When the file fails, a new addendum opens in its edit screen, where 'Subir archivo' tries
 * again (saving the create form once more would create it twice); an edit stays where it is.
 * Someone who left the screen meanwhile is not pulled back.
 */
export function useAfterAddendumSave(upload: AddendumUpload) {
  const navigate = useNavigate();
  const isMounted = useIsMounted();

  return async (saved: Addendum, message: string, { created }: { created: boolean }) => {
    notify.success(message);
    const outcome = upload.file ? await upload.send(saved) : 'no-file';
    if (!isMounted() || outcome === 'aborted') return;
    if (outcome !== 'failed') await navigate(paths.addendums.list.to());
    else if (created) await navigate(paths.addendums.edit.to(saved.id), { replace: true });
  };
}
