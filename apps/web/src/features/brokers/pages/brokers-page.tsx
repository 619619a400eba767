import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { brokerKindLabels, brokerKinds, type Broker, type BrokerKind } from '@portal/domain';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { EmptyState } from '@/components/ui/state-panels';
import { StatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useBrokers } from '../api';
import { BrokerDialog } from '../components/broker-dialog';
import { brokerSubtitle, commissionText } from '../components/broker-format';
import { BrokerStatusButton } from '../components/deactivate-broker';

/** /brokers: 'Asesores', the branch's asesores and inmobiliarias (admins: every branch). */
export function BrokersPage() {
  usePageTitle('Asesores');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<BrokerKind | ''>('');
  const brokers = useBrokers({ ...(q.trim() ? { q: q.trim() } : {}), ...(kind ? { kind } : {}) });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Asesores"
        description="Asesores inmobiliarios e inmobiliarias que traen pólizas: su cuenta para las comisiones, su porcentaje y sus retenciones."
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link to={paths.brokers.report.to()}>Comisiones por pagar</Link>
            </Button>
            <BrokerDialog
              trigger={(open) => (
                <Button onClick={open}>
                  <Plus aria-hidden="true" />
                  Agregar asesor
                </Button>
              )}
            />
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput value={q} onChange={setQ} placeholder="Buscar por nombre, contacto, RFC o correo" />
        <Select aria-label="Tipo" value={kind} onChange={(event) => setKind(event.target.value as BrokerKind | '')} className="sm:w-56">
          <option value="">Todos los tipos</option>
          {brokerKinds.map((value) => (
            <option key={value} value={value}>
              {brokerKindLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      <QueryState
        query={brokers}
        loading="Cargando asesores..."
        errorTitle="Error al cargar los asesores"
        empty={<EmptyState title="Sin asesores" description={q || kind ? 'Ningún asesor coincide con la búsqueda.' : 'Agregue el primer asesor o inmobiliaria de la sucursal.'} />}
      >
        {(items) => <BrokersTable brokers={items} />}
      </QueryState>
    </div>
  );
}

function BrokersTable({ brokers }: { brokers: Broker[] }) {
  return (
    <Table label="Asesores e inmobiliarias" className="min-w-[48rem]">
      <TableHead>
        <tr>
          <Th>Nombre</Th>
          <Th>Contacto</Th>
          <Th>Comisión</Th>
          <Th>Estatus</Th>
          <Th>
            <span className="sr-only">Acciones</span>
          </Th>
        </tr>
      </TableHead>
      <TableBody>
        {brokers.map((broker) => (
          <Tr key={broker.id}>
            <Td>
              <Link to={paths.brokers.detail.to(broker.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {broker.name}
              </Link>
              <p className="text-xs text-slate-500 dark:text-slate-400">{brokerSubtitle(broker)}</p>
            </Td>
            <Td>{[broker.email, broker.phone].filter(Boolean).join(' · ') || '—'}</Td>
            <Td className="whitespace-nowrap">{commissionText(broker)}</Td>
            <Td>
              <StatusBadge status={broker.status} />
            </Td>
            <Td className="text-right whitespace-nowrap">
              <BrokerDialog
                broker={broker}
                trigger={(open) => (
                  <Button variant="ghost" size="sm" onClick={open} aria-label={`Editar ${broker.name}`}>
                    Editar
                  </Button>
                )}
              />
              <BrokerStatusButton broker={broker} />
            </Td>
          </Tr>
        ))}
      </TableBody>
    </Table>
  );
}
