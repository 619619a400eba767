import { describe, expect, it } from 'vitest';
import { appendLeadNote, columnOfLead, defaultLeadColumns, leadColumnsSchema, leadInputSchema, leadMatches, newLeadColumn, parseLeadNotes } from '../index';

describe('lead notes', () => {
  it('reads one string as one note, and a text starting with [ as a JSON array', () => {
    expect(parseLeadNotes('')).toEqual([]);
    expect(parseLeadNotes(null)).toEqual([]);
    expect(parseLeadNotes('Llamar el lunes')).toEqual(['Llamar el lunes']);
    expect(parseLeadNotes('["Uno","Dos"]')).toEqual(['Uno', 'Dos']);
    expect(parseLeadNotes('[no es json')).toEqual(['[no es json']);
  });

  it('appends in the stored form, keeping a single old note', () => {
    expect(appendLeadNote('', ' Primera ')).toBe('["Primera"]');
    expect(appendLeadNote('Vieja', 'Nueva')).toBe('["Vieja","Nueva"]');
    expect(appendLeadNote('["a"]', 'b')).toBe('["a","b"]');
  });
});

describe('lead rules', () => {
  it('requires the name; the source is one of the list', () => {
    expect(leadInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('El campo Nombre es obligatorio');
    expect(leadInputSchema.parse({ name: 'Ana', source: 'Instagram' })).toMatchObject({ name: 'Ana', source: 'Instagram', phone: '', notes: '' });
    expect(leadInputSchema.safeParse({ name: 'Ana', source: 'TikTok' }).success).toBe(false);
  });

  it('puts a lead whose status matches no column in the first one', () => {
    expect(columnOfLead({ status: 'accion' }, defaultLeadColumns)).toBe('accion');
    expect(columnOfLead({ status: 'bienvenida' }, defaultLeadColumns)).toBe('cotizacion');
  });

  it('searches name, phones and notes, ignoring case', () => {
    const lead = { name: 'Óscar Ruiz', phone: '5512345678', phonewhats: '5599999999', notes: '["Quiere depa en Roma"]' };
    expect(leadMatches(lead, 'óscar')).toBe(true);
    expect(leadMatches(lead, '9999')).toBe(true);
    expect(leadMatches(lead, 'ROMA')).toBe(true);
    expect(leadMatches(lead, 'polanco')).toBe(false);
  });

  it('keeps at least one column, each titled and coloured, ids unique', () => {
    expect(leadColumnsSchema.safeParse([]).error?.issues[0]?.message).toBe('El tablero necesita al menos un estatus');
    expect(leadColumnsSchema.safeParse([{ id: 'a', title: ' ', color: '#000000' }]).error?.issues[0]?.message).toBe('Cada estatus necesita un título');
    expect(leadColumnsSchema.safeParse([{ id: 'a', title: 'A', color: 'rojo' }]).error?.issues[0]?.message).toBe('Cada estatus necesita un color (#RRGGBB)');
    expect(leadColumnsSchema.safeParse([newLeadColumn(1), newLeadColumn(1)]).error?.issues[0]?.message).toBe('Dos estatus no pueden tener el mismo identificador');
    expect(newLeadColumn(1700000000000)).toEqual({ id: 'status_1700000000000', title: 'Nuevo Estatus', color: '#6B7280', isWon: false });
  });
});
