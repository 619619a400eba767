import { useState } from 'react';
import type { PublicLinkView } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { useAcceptPrivacy } from '../public-api';

/**
 * The aviso de privacidad, before the person gives anything: the whole text (admins set it) and
 * one explicit 'Acepto'. The server records the version, the time and the address.
 */
export function PrivacyStep({ token, view }: { token: string; view: PublicLinkView }) {
  const accept = useAcceptPrivacy(token);
  const [read, setRead] = useState(false);
  const intro = { upload: 'Antes de subir sus documentos', sign: 'Antes de revisar y firmar sus contratos', rent_proof: 'Antes de enviar sus comprobantes de pago', claim_owner: 'Antes de reportar un problema o ver sus incidencias' }[view.purpose];
  return (
    <section aria-labelledby="privacy-title" className="space-y-4">
      <div>
        <h1 id="privacy-title" className="text-xl font-semibold">
          Aviso de privacidad
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Hola, {view.partyName}. {intro}, lea cómo cuidamos sus datos personales.
        </p>
      </div>
      <div
        tabIndex={0}
        aria-label="Texto del aviso de privacidad"
        className="max-h-[50dvh] overflow-y-auto whitespace-pre-line rounded-lg border border-slate-200 bg-white p-4 text-sm leading-relaxed dark:border-slate-800 dark:bg-slate-900"
      >
        {view.privacy.text}
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={read} onChange={(event) => setRead(event.target.checked)} />
        <span>He leído el aviso de privacidad (versión {view.privacy.version}) y acepto el tratamiento de mis datos.</span>
      </label>
      {accept.isError ? <Alert>{errorMessage(accept.error)}</Alert> : null}
      <Button className="h-12 w-full sm:w-auto" disabled={!read || accept.isPending} onClick={() => accept.mutate(view.privacy.version)}>
        {accept.isPending ? 'Guardando...' : 'Acepto y continúo'}
      </Button>
    </section>
  );
}
