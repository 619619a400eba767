import { notificationMessages as messages, type AttendeeResponse } from '@portal/domain';
import type { Executor } from '../../db/client';
import { describeWhen } from './reminders';
import { notify } from './service';

export interface AnswerChange {
  /** Who scheduled the appointment; null when that user is gone (nobody to tell). */
  organiserId: number | null;
  appointmentId: number;
  attendeeName: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  /** The new answer (the earlier one was the other). */
  response: AttendeeResponse;
}

/**
 * Tells who scheduled an appointment that an invited person changed their answer (issue 28), in
 * the answer's transaction: once per change, since the same answer twice is no change.
 */
export async function notifyAppointmentAnswerChanged(tx: Executor, change: AnswerChange): Promise<void> {
  if (change.organiserId === null) return;
  await notify(tx, {
    recipients: [change.organiserId],
    kind: 'appointment_answer_changed',
    title: messages.appointmentAnswerChangedTitle(change.attendeeName),
    body: messages.appointmentAnswerChangedBody(change.response, change.title, describeWhen(change)),
    appointmentId: change.appointmentId,
  });
}
