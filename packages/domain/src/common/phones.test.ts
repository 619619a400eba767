import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, samePhone, telHref, whatsappHref } from './phones';

describe('phone numbers (Mexico by default)', () => {
  it.each([
    ['5590004000', '+525590004000'],
    ['55 9000 4000', '+525590004000'],
    ['(55) 9000-4000', '+525590004000'],
    ['+52 55 9000 4000', '+525590004000'],
    ['+52 1 55 9000 4000', '+525590004000'],
    ['521 55 9000 4000', '+525590004000'],
    ['044 55 9000 4000', '+525590004000'],
    ['045 81 8000 1234', '+528180001234'],
    ['+044 55 9000 4000', null],
    ['33 1234 5678', '+523312345678'],
    ['+1 415 555 2671', '+14155552671'],
    ['', null],
    ['12345', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
  });

  it('a 55-prefixed CDMX number is Mexico (+52), never Brazil (+55), in its links', () => {
    expect(whatsappHref('5590004000')).toBe('https://wa.me/525590004000');
    expect(telHref('5590004000')).toBe('tel:+525590004000');
    expect(whatsappHref('5590004000', 'Hola, Ana')).toBe('https://wa.me/525590004000?text=Hola%2C%20Ana');
    expect(whatsappHref('no es número')).toBeNull();
  });

  it('shows Mexican numbers in national format and others internationally', () => {
    expect(formatPhone('+525590004000')).toBe('55 9000 4000');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone('otro texto')).toBe('otro texto');
  });

  it('compares numbers as numbers', () => {
    expect(samePhone('5590004000', '+52 55 9000 4000')).toBe(true);
    expect(samePhone('5590004000', '5590004001')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});
