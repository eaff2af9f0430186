-- A tree that a GEDCOM import job is still writing (issue 20): the import commits in chunks, so that
-- on the embedded database (one connection) the job's progress, a cancel and other requests are
-- answered between them. Until its last chunk clears this column the tree is hidden (no list, no
-- access); a cancelled, failed or interrupted job's tree is deleted with everything in it.
ALTER TABLE "tree" ADD COLUMN "import_job" uuid;--> statement-breakpoint
CREATE INDEX "tree_import_job_idx" ON "tree" USING btree ("import_job") WHERE "import_job" IS NOT NULL;
