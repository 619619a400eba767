ALTER TYPE "public"."notification_kind" ADD VALUE 'appointment_answer_changed';
