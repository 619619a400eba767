import { describe, expect, it } from 'vitest';
import { exportFileName } from '../common/export';
import { policyExportQuerySchema, policySearchQuerySchema } from './policy-search';

describe('the list’s filters (policySearchQuerySchema)', () => {
  it('reads empty values as no filter, and the default order as newest first', () => {
    expect(policySearchQuerySchema.parse({ q: '', status: '', type: '', agent: '', from: '', to: '', sort: '' })).toEqual({
      q: '',
      status: undefined,
      type: undefined,
      agent: undefined,
      from: null,
      to: null,
      sort: 'newest',
      limit: 25,
    });
  });

  it('reads query-string values: the agent as a number, the dates as calendar days', () => {
    expect(policySearchQuerySchema.parse({ type: 'plusAuto', agent: '12', from: '2026-11-01', to: '2026-11-30', sort: 'status' })).toMatchObject({
      type: 'plusAuto',
      agent: 12,
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'status',
    });
  });

  it('refuses, with a Spanish message on the field, a type, agent, date, range or order it does not know', () => {
    const issues = (input: Record<string, string>) => policySearchQuerySchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ type: 'premium' })).toEqual([['type', expect.stringMatching(/tipo de póliza no es válido/)]]);
    expect(issues({ agent: 'ana' })).toEqual([['agent', 'El agente no es válido']]);
    expect(issues({ from: '2026-02-30' })).toEqual([['from', 'El campo Desde debe ser una fecha válida']]);
    expect(issues({ from: '2026-11-30', to: '2026-11-01' })).toEqual([['from', 'La fecha inicial no puede ser posterior a la fecha final']]);
    expect(issues({ sort: 'random' })).toEqual([['sort', expect.stringMatching(/orden no es válido/)]]);
  });

  it('exports take the same filters and a format, CSV by default', () => {
    expect(policyExportQuerySchema.parse({ status: 'active' })).toMatchObject({ status: 'active', format: 'csv', sort: 'newest' });
    expect(policyExportQuerySchema.parse({ format: 'xlsx' }).format).toBe('xlsx');
    expect(policyExportQuerySchema.safeParse({ format: 'pdf' }).error?.issues[0]?.message).toBe('El formato de exportación debe ser csv o xlsx');
  });

  it('names export files by list, day and format', () => {
    expect(exportFileName('polizas', 'csv', '2026-11-24')).toBe('polizas_2026-11-24.csv');
  });
});
