import { describe, expect, it } from 'vitest';
import type { AppointmentPage } from '@portal/domain';
import { json, signInAs } from '../../test/app';
import { agent, body, create, ctx, request, setUpInvitationTests } from './invitations.test-helpers';

setUpInvitationTests();

describe('video links', () => {
  it('makes a Jitsi Meet room by default, and takes a pasted https link up to 1000 characters', async () => {
    const made = await create({});
    expect(made.googleMeetUrl).toMatch(/^https:\/\/meet\.jit\.si\/PortalPolizas-[A-Z2-7]{16}$/);
    const teams = `https://teams.microsoft.com/l/meetup-join/${'a'.repeat(900)}`;
    expect((await create({ googleMeetUrl: teams })).googleMeetUrl).toBe(teams);
    for (const bad of ['javascript:alert(1)', 'http://zoom.us/j/1', `https://teams.microsoft.com/${'a'.repeat(1000)}`]) {
      const response = await request('POST', '/api/appo', agent.token, body({ googleMeetUrl: bad }));
      expect(response.statusCode, bad).toBe(400);
      expect(json(response).details).toEqual([{ field: 'googleMeetUrl', message: expect.stringContaining('Videollamada') }]);
    }
  });
});

describe("the list's tabs", () => {
  it("'upcoming' from today on, soonest first; 'past' before today, newest first; 'all' newest first", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
    const branch = await signInAs(ctx, 'manager', 3);
    const tag = `pestañas-${Date.now()}`;
    for (const [offset, time] of [[-3, '09:00'], [-1, '10:00'], [0, '08:00'], [2, '09:00'], [1, '11:00']] as const) {
      await create({ title: `${tag} ${offset} ${time}`, date: day(offset), startTime: time, endTime: '18:00' }, branch.token);
    }
    const titles = async (when?: string) => {
      const response = await request('GET', `/api/appo/search?q=${encodeURIComponent(tag)}&pageSize=50${when ? `&when=${when}` : ''}`, branch.token);
      expect(response.statusCode, response.body).toBe(200);
      return json<AppointmentPage>(response).items.map((item) => item.title.slice(tag.length + 1));
    };
    expect(await titles('upcoming')).toEqual(['0 08:00', '1 11:00', '2 09:00']);
    expect(await titles('past')).toEqual(['-1 10:00', '-3 09:00']);
    expect(await titles('all')).toEqual(['2 09:00', '1 11:00', '0 08:00', '-1 10:00', '-3 09:00']);
    // A client written to the spec (no 'when') sees them all, newest first, as before.
    expect(await titles()).toEqual(await titles('all'));
    expect(json(await request('GET', '/api/appo/search?when=manana', branch.token))).toMatchObject({ statusCode: 400, details: [{ field: 'when' }] });
    expect((await request('GET', '/api/appo/search?when=upcoming&branchId=1', branch.token)).statusCode).toBe(403);
    expect((await request('GET', '/api/appo/search?when=upcoming')).statusCode).toBe(401);
    // The export follows the tab.
    const csv = await request('GET', `/api/appo/export?format=csv&when=past&q=${encodeURIComponent(tag)}`, branch.token);
    expect(csv.body).toContain(`${tag} -1 10:00`);
    expect(csv.body).not.toContain(`${tag} 2 09:00`);
  });
});
