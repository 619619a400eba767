import { useRef } from 'react';
import { useParams } from 'react-router';
import { Camera } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { InvalidLink, PublicLayout } from '@/features/public-links';
import { useMoveOutPhotoPage, useSendPhoto } from './public-api';

/**
 * /entrega/{token}: the owner or the tenant adds photos of each room for the acta de entrega
 * (issue 32), from their phone, without an account. Once the acta was sent to signature the
 * link says so; a link not valid says only that.
 */
export function MoveOutPhotosPage() {
  const token = useParams().token ?? '';
  const page = useMoveOutPhotoPage(token);
  usePageTitle('Fotos de la entrega del inmueble');
  if (page.isPending) {
    return (
      <PublicLayout>
        <Spinner className="mt-16" label="Cargando..." />
      </PublicLayout>
    );
  }
  if (page.isError) {
    const invalid = isApiError(page.error) && [400, 404].includes(page.error.status);
    const closed = isApiError(page.error) && page.error.status === 409;
    return (
      <PublicLayout>
        {invalid ? <InvalidLink /> : closed ? <p className="mt-8 text-center text-sm">{errorMessage(page.error)}</p> : <QueryError query={page} title="No se pudo cargar la página" />}
      </PublicLayout>
    );
  }
  const view = page.data;
  return (
    <PublicLayout>
      <article className="space-y-5">
        <h1 className="text-xl font-semibold">Fotos de la entrega del inmueble</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Póliza {view.folio}. Tome una o varias fotos de cada habitación; la oficina las agrega al acta de entrega-recepción.
        </p>
        {view.rooms.length === 0 ? <p className="text-sm">La oficina aún no registró habitaciones.</p> : null}
        <ul className="space-y-3">
          {view.rooms.map((room) => (
            <RoomRow key={room.key} token={token} room={room} />
          ))}
        </ul>
      </article>
    </PublicLayout>
  );
}

function RoomRow({ token, room }: { token: string; room: { key: string; name: string; photos: number } }) {
  const input = useRef<HTMLInputElement>(null);
  const send = useSendPhoto(token);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      await send.mutateAsync({ roomKey: room.key, file });
      notify.success('Foto enviada', room.name);
    } catch (error) {
      notify.error('No se pudo enviar la foto', errorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div>
        <p className="font-medium">{room.name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {room.photos} {room.photos === 1 ? 'foto' : 'fotos'}
        </p>
      </div>
      <input ref={input} type="file" accept="image/*" capture="environment" className="sr-only" aria-label={`Foto de ${room.name}`} onChange={(event) => void upload(event.target.files?.[0])} />
      <Button type="button" size="sm" disabled={send.isPending} onClick={() => input.current?.click()}>
        <Camera aria-hidden="true" />
        {send.isPending ? 'Enviando…' : 'Tomar foto'}
      </Button>
    </li>
  );
}
