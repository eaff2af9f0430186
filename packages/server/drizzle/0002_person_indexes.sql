CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "person_lineage_idx" ON "person" USING btree ("tree_id","root_relation") WHERE "person"."root_relation" <> 'none';--> statement-breakpoint
CREATE INDEX "person_search_trgm_idx" ON "person" USING gin ("search_text" gin_trgm_ops);