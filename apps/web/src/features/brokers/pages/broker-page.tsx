import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatPhone, type Broker } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useBroker } from '../api';
import { BrokerDialog } from '../components/broker-dialog';
import { brokerSubtitle, commissionText } from '../components/broker-format';
import { CommissionsCard } from '../components/commissions-card';
import { StatementCard } from '../components/statement-card';

const backToList = (
  <Button variant="secondary" asChild>
    <Link to={paths.brokers.list.to()}>
      <ArrowLeft aria-hidden="true" />
      Asesores
    </Link>
  </Button>
);

/** /brokers/{id}: one asesor or inmobiliaria, their commissions, payouts and monthly statement. */
export function BrokerPage() {
  const id = Number(useParams().id);
  const broker = useBroker(id);
  usePageTitle(broker.data?.name ?? 'Asesor');
  return (
    <QueryState query={broker} loading="Cargando asesor..." errorTitle="Error al cargar el asesor" errorAction={backToList}>
      {(data) => <BrokerContent broker={data} />}
    </QueryState>
  );
}

function BrokerContent({ broker }: { broker: Broker }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={broker.name}
        description={brokerSubtitle(broker)}
        actions={
          <>
            {backToList}
            <BrokerDialog broker={broker} trigger={(open) => <Button onClick={open}>Editar</Button>} />
          </>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <DetailList
            items={[
              { label: 'Sucursal', value: broker.branchName },
              { label: 'Correo electrónico', value: broker.email || '—' },
              { label: 'Teléfono', value: broker.phone ? formatPhone(broker.phone) : '—' },
              { label: 'Cuenta', value: [broker.bank, broker.clabe && `CLABE ${broker.clabe}`, broker.accountHolder].filter(Boolean).join(' · ') || '—', wide: true },
              { label: 'Comisión', value: commissionText(broker) },
              { label: 'IVA de la comisión', value: `${broker.commissionIvaPercent} %` },
              { label: 'Retenciones', value: `ISR ${broker.isrWithholdingPercent} % · IVA ${broker.ivaWithholdingPercent} %` },
              { label: 'Estatus', value: broker.status === 'active' ? 'Activo' : 'Inactivo' },
            ]}
          />
        </CardContent>
      </Card>
      <CommissionsCard broker={broker} />
      <StatementCard broker={broker} />
    </div>
  );
}
