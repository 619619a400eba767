import { describe, expect, it } from 'vitest';
import { anonymisedName, redactPerson } from './arco';

const zoe = { names: ['Zoé Quintanar Ybarra'], emails: ['zoe.quintanar@ejemplo.mx'], phones: ['+525531933251', '55 2878 6105'] };

describe('redactPerson (the reason of an ARCO cancellation)', () => {
  it.each([
    ['Lo pidió Zoé Quintanar Ybarra por escrito', `Lo pidió ${anonymisedName} por escrito`],
    ['Lo pidió zoe quintanar ybarra', `Lo pidió ${anonymisedName}`],
    ['Correo de ZOE.QUINTANAR@ejemplo.mx del 20 de noviembre', `Correo de ${anonymisedName} del 20 de noviembre`],
    ['Llamó la Sra. Quintanar', `Llamó la Sra. ${anonymisedName}`],
    ['Llamó desde el (55) 3193-3251', `Llamó desde el ${anonymisedName}`],
    ['Tel. +52 55 2878 6105, fijo', `Tel. ${anonymisedName}, fijo`],
  ])('%s', (typed, stored) => {
    expect(redactPerson(typed, zoe)).toBe(stored);
  });

  it('leaves a text that names nobody, and words merely containing a name part, as typed', () => {
    expect(redactPerson('Solicitud del titular por correo electrónico', zoe)).toBe('Solicitud del titular por correo electrónico');
    expect(redactPerson('Ybarrola no es el titular', zoe)).toBe('Ybarrola no es el titular');
    expect(redactPerson('Sin datos', { names: [], emails: [], phones: [] })).toBe('Sin datos');
  });
});
