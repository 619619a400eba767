-- Issue 29: the branch card's 'Gerente' and the users' roles are one truth. A branch without a
-- manager takes its first active user with the manager role; a branch whose manager no longer is
-- one of its active managers hands it to the next, or keeps none.
UPDATE "branches" AS "b" SET "manager_id" = (
  SELECT "u"."id" FROM "users" AS "u"
  WHERE "u"."branch_id" = "b"."id" AND "u"."role" = 'manager' AND "u"."status" = 'active'
  ORDER BY "u"."id" LIMIT 1
)
WHERE "b"."manager_id" IS NULL
   OR NOT EXISTS (
     SELECT 1 FROM "users" AS "m"
     WHERE "m"."id" = "b"."manager_id" AND "m"."branch_id" = "b"."id" AND "m"."role" = 'manager' AND "m"."status" = 'active'
   );
