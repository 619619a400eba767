import { describe, expect, it } from 'vitest';
import {
  calendarHourRows,
  hourRow,
  monthWeeks,
  parseDay,
  periodTitle,
  shiftPeriod,
  todayInBusinessZone,
  visibleRange,
  weekDays,
} from '../calendar/calendar-dates';

describe('calendar dates', () => {
  it("'today' is Mexico City's date, whatever the browser's zone", () => {
    expect(todayInBusinessZone(new Date('2027-01-01T05:59:00Z'))).toBe('2026-12-31');
    expect(todayInBusinessZone(new Date('2027-01-01T06:00:00Z'))).toBe('2027-01-01');
  });

  it('weeks run Monday to Sunday; a month is whole weeks', () => {
    expect(weekDays('2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(visibleRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthWeeks('2027-02-10')).toHaveLength(4);
    expect(visibleRange('month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(visibleRange('month', '2026-11-15')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(visibleRange('day', '2026-11-15')).toEqual({ from: '2026-11-15', to: '2026-11-15' });
  });

  it('names the period in Spanish', () => {
    expect(periodTitle('month', '2026-11-15')).toBe('noviembre de 2026');
    expect(periodTitle('week', '2026-11-25')).toBe('semana del 23 al 29 de noviembre de 2026');
    expect(periodTitle('week', '2026-12-01')).toBe('semana del 30 de noviembre al 6 de diciembre de 2026');
    expect(periodTitle('week', '2026-12-31')).toBe('semana del 28 de diciembre de 2026 al 3 de enero de 2027');
    expect(periodTitle('day', '2026-11-24')).toBe('martes, 24 de noviembre de 2026');
  });

  it('steps a day, a week or a month', () => {
    expect(shiftPeriod('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftPeriod('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(shiftPeriod('month', '2027-01-31', 1)).toBe('2027-02-28');
  });

  it('has the rows 8 to 18 and puts an appointment in the row of its start hour', () => {
    expect(calendarHourRows).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(hourRow('10:45')).toBe(10);
    expect(hourRow('07:30')).toBe(8);
    expect(hourRow('19:00')).toBe(18);
  });

  it('accepts only real calendar days', () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-11-5')).toBeNull();
    expect(parseDay('2026-11-05')?.getDate()).toBe(5);
  });
});
