import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { useCalendarDeadlines } from '../components/deadline-calendar-layer';
import { makeCalendarEntry } from './claims-page-fixtures';

/** What a calendar does with the layer: a cell's chips, a phone cell's count, the day's rows. */
function Harness({ day, shown = true }: { day: string; shown?: boolean }) {
  const deadlines = useCalendarDeadlines('2026-11-23', '2026-11-29', shown);
  return (
    <>
      <div data-testid="chips">{deadlines.chips(day)}</div>
      <div data-testid="count">{deadlines.count(day)}</div>
      <div data-testid="rows">{deadlines.rows(day)}</div>
      <p>{deadlines.any(['2026-11-23', '2026-11-24']) ? 'con términos' : 'sin términos'}</p>
    </>
  );
}

const url = 'GET /api/claims/deadlines?from=2026-11-23&to=2026-11-29';
const pending = makeCalendarEntry({ id: 1, claimId: 50, claimNumber: 'INC-00050' });
const missed = makeCalendarEntry({ id: 2, claimId: 43, claimNumber: 'INC-00043', description: 'Ofrecimiento de pruebas', missed: true });

describe("the calendar's deadlines (claims' side)", () => {
  it('puts the missed deadlines of a day first, and counts them for a phone with the word the colour stands for', async () => {
    storeSession(agentUser);
    mockFetch({ [url]: { body: [pending, missed] } });
    renderRoute(<Harness day="2026-11-24" />);
    const chips = await within(screen.getByTestId('chips')).findAllByRole('link');
    expect(chips.map((chip) => chip.getAttribute('href'))).toEqual(['/claims/43', '/claims/50']);
    expect(chips[0]).toHaveAttribute('data-missed', 'true');
    expect(screen.getByTestId('count')).toHaveTextContent('2términos, con vencidos');
    expect(within(screen.getByTestId('rows')).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('con términos')).toBeInTheDocument();
  });

  it('shows nothing on a day without deadlines', async () => {
    storeSession(agentUser);
    mockFetch({ [url]: { body: [pending] } });
    renderRoute(<Harness day="2026-11-25" />);
    await screen.findByText('con términos');
    expect(screen.getByTestId('chips')).toBeEmptyDOMElement();
    expect(screen.getByTestId('count')).toBeEmptyDOMElement();
    expect(screen.getByTestId('rows')).toBeEmptyDOMElement();
  });

  it('asks nothing and shows nothing while hidden', () => {
    storeSession(agentUser);
    const net = mockFetch({ [url]: { body: [pending] } });
    renderRoute(<Harness day="2026-11-24" shown={false} />);
    expect(screen.getByText('sin términos')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
