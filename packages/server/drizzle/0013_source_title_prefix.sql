DROP INDEX "source_record_title_idx";--> statement-breakpoint
CREATE INDEX "source_record_title_idx" ON "source_record" USING btree ("tree_id",left("title_key", 500));