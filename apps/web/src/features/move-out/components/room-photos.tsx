import { useId, useRef } from 'react';
import { Camera, Image } from 'lucide-react';
import type { MoveOutActa } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/download-button';
import { downloadPhoto, useUploadPhoto } from '../api';

type Room = MoveOutActa['rooms'][number];

/** A room's photos and 'Tomar foto' (the phone's camera opens; on a computer, a file). */
export function RoomPhotos({ policyId, room, canUpload }: { policyId: number; room: Room; canUpload: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto(policyId);
  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ roomKey: room.key, file });
      notify.success('Foto agregada', room.name);
    } catch (error) {
      if (!isSessionExpired(error)) notify.error('Error al subir la foto', errorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">
        Fotos ({room.photos.length})
      </p>
      {room.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {room.photos.map((photo) => (
            <li key={photo.id}>
              <DownloadButton
                label={`${photo.fileName} · ${photo.takenBy}`}
                icon={Image}
                fetchFile={() => downloadPhoto(photo.id)}
                fileName={photo.fileName}
                errorTitle="Error al abrir la foto"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {canUpload ? (
        <>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label={`Foto de ${room.name}`}
            onChange={(event) => void send(event.target.files?.[0])}
          />
          <Button type="button" variant="secondary" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <Camera aria-hidden="true" />
            {upload.isPending ? 'Subiendo…' : 'Tomar foto'}
          </Button>
        </>
      ) : null}
    </div>
  );
}
