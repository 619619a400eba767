import { useState } from 'react';
import { Send } from 'lucide-react';
import { whatsappMessages as texts } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { WhatsappComposer } from './whatsapp-composer';
import { WhatsappLog } from './whatsapp-log';

interface LeadWhatsappButtonProps {
  lead: { id: number; name: string };
}

/**
 * 'Enviar WhatsApp' on a lead's card: a dialog to send through the branch's
 * gateway, with the lead's message log. Nothing is fetched until it opens.
 */
export function LeadWhatsappButton({ lead }: LeadWhatsappButtonProps) {
  const [open, setOpen] = useState(false);
  const name = lead.name.trim() || 'Sin nombre';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="icon" className="size-8 text-emerald-700 dark:text-emerald-400" aria-label={`${texts.sendTitle} a ${name}`} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
      </Button>
      <DialogContent title={`${texts.sendTitle} · ${name}`} className="max-h-[calc(100dvh-2rem)] max-w-xl space-y-5 overflow-y-auto">
        <div className="mt-4">
          <WhatsappComposer leadId={lead.id} />
        </div>
        <WhatsappLog leadId={lead.id} />
      </DialogContent>
    </Dialog>
  );
}
