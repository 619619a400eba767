import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { moveOutPhotoLinkDays, type MoveOutPhotoLink, type MoveOutPhotoParty } from '@portal/domain';
import { errorMessage, isSessionExpired } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { SecretUrlField } from '@/components/ui/secret-url-field';
import { usePhotoLink } from '../api';

const partyLabels: Record<MoveOutPhotoParty, string> = { owner: 'Propietario', tenant: 'Inquilino' };

const texts = {
  label: 'Enlace para fotos',
  shownOnce: `Se muestra solo ahora y vale ${moveOutPhotoLinkDays} días. Si se pierde, genere otro.`,
  copy: 'Copiar',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar',
  copyFailedHint: 'El enlace quedó seleccionado: cópielo manualmente.',
};

/** 'Enlace para fotos': the owner or the tenant adds photos of the rooms from their phone. */
export function PhotoLinkButton({ policyId }: { policyId: number }) {
  const [link, setLink] = useState<MoveOutPhotoLink | null>(null);
  const issue = usePhotoLink(policyId);
  const create = async (party: MoveOutPhotoParty) => {
    try {
      setLink(await issue.mutateAsync(party));
    } catch (error) {
      if (!isSessionExpired(error)) notify.error('Error al generar el enlace', errorMessage(error));
    }
  };
  return (
    <Dialog onOpenChange={() => setLink(null)}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost">
          <Link2 aria-hidden="true" />
          Enlace para fotos
        </Button>
      </DialogTrigger>
      <DialogContent title="Enlace para fotos" description="El propietario o el inquilino agregan fotos de las habitaciones desde su teléfono, sin cuenta.">
        {link ? (
          <SecretUrlField url={link.url} texts={{ ...texts, label: `Enlace para ${partyLabels[link.party].toLowerCase()}` }} />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            {(['owner', 'tenant'] as const).map((party) => (
              <Button key={party} type="button" variant="secondary" disabled={issue.isPending} onClick={() => void create(party)}>
                Enlace para {partyLabels[party].toLowerCase()}
              </Button>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
