import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { arcoSearchQuerySchema, type ArcoRecord } from '@portal/domain';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { useArcoSearch } from '../api';
import { ArcoResults } from '../components/arco-results';

const title = 'Solicitudes ARCO';

/**
 * /admin/arco (issue 19, LFPDPPP): an admin finds every record of a person in every branch,
 * exports them (acceso), opens each one to correct it (rectificación) and anonymises what no
 * legal obligation keeps (cancelación).
 */
export function ArcoPage() {
  usePageTitle(title);
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const search = useArcoSearch(searched);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = arcoSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFailure(null);
    setSearched(parsed.data.q);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={title}
        description="Encuentre todos los registros de una persona (inquilino, aval, propietario, prospecto o asistente a una cita) en todas las sucursales para exportarlos, corregirlos o cancelarlos."
      />
      <Card className="p-4">
        <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <Input
              type="search"
              aria-label="Nombre, correo o teléfono"
              placeholder="Nombre, correo o teléfono"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? 'arco-search-error' : undefined}
            />
            {failure ? (
              <p id="arco-search-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
                {failure}
              </p>
            ) : null}
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            Buscar
          </Button>
        </form>
      </Card>
      {searched ? <SearchOutcome search={search} /> : null}
    </div>
  );
}

function SearchOutcome({ search }: { search: ReturnType<typeof useArcoSearch> }) {
  return (
    <QueryState
      query={search}
      loading="Buscando registros..."
      errorTitle="Error al buscar los registros"
      isEmpty={(found) => found.records.length === 0}
      empty={<EmptyState title="No se encontraron registros de esa persona." description="Pruebe con otro dato: el nombre sin abreviar, el correo o el teléfono." />}
    >
      {({ records }) => <ArcoResults key={recordsKey(records)} records={records} />}
    </QueryState>
  );
}

/** A new answer (another search, or after a cancellation) starts the selection afresh. */
function recordsKey(records: ArcoRecord[]): string {
  return records.map((record) => `${record.kind}:${record.id}:${record.name}`).join('|');
}
