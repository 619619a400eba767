ALTER TABLE "email_outbox" ADD COLUMN "reply_to" varchar(254) DEFAULT '' NOT NULL;
