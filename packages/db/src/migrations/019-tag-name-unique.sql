-- Issue 12: a tag name is one tag. Names compare without case and surrounding spaces ("VIP" = " vip"), so
-- an operator cannot make two tags an account list shows alike. The console and the API refuse a taken
-- name with a 400 on `name`; this index is what holds when two saves race.

-- Names taken more than once before this migration keep the oldest tag as it is; each later one gets its
-- id appended ("VIP (#12)") so the index can be built and the operator can tell them apart.
UPDATE tag t
SET name = t.name || ' (#' || t.id || ')'
WHERE EXISTS (
  SELECT 1 FROM tag older
  WHERE lower(btrim(older.name)) = lower(btrim(t.name)) AND older.id < t.id
);

CREATE UNIQUE INDEX IF NOT EXISTS tag_name_ci_unique ON tag (lower(btrim(name)));
