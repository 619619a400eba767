-- Issue 20: a lead's notes become rows with an author and a time. The old text column held the
-- spec's form (one string, or a JSON array of strings when it starts with '['), read as
-- parseLeadNotes reads it: a JSON array gives one note per non-blank element, anything else
-- (including text that starts with '[' but is not JSON) is one note. Authors are unknown (NULL),
-- times are the lead's creation time plus the note's position, so their order is kept.
DO $$
DECLARE
  lead record;
  elements jsonb;
BEGIN
  FOR lead IN SELECT id, btrim(notes) AS notes, created_at FROM leads WHERE btrim(notes) <> '' LOOP
    elements := NULL;
    IF left(lead.notes, 1) = '[' THEN
      BEGIN
        elements := lead.notes::jsonb;
        IF jsonb_typeof(elements) <> 'array' THEN elements := NULL; END IF;
      EXCEPTION WHEN others THEN
        elements := NULL;
      END;
    END IF;
    IF elements IS NULL THEN
      INSERT INTO lead_notes (lead_id, body, created_at, updated_at) VALUES (lead.id, lead.notes, lead.created_at, lead.created_at);
    ELSE
      INSERT INTO lead_notes (lead_id, body, created_at, updated_at)
      SELECT lead.id, note.body, lead.created_at + (note.position * interval '1 millisecond'), lead.created_at + (note.position * interval '1 millisecond')
      FROM (
        SELECT CASE WHEN jsonb_typeof(value) = 'string' THEN value #>> '{}' ELSE value::text END AS body, ordinality AS position
        FROM jsonb_array_elements(elements) WITH ORDINALITY
      ) AS note
      WHERE btrim(note.body) <> '';
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "notes";
