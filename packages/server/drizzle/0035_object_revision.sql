-- Issue 26, concurrent editors: places, repositories, records, citations, notes and media carry a
-- revision as persons and events do. Every change of a row's own fields raises it; an edit names the
-- revision it started from, and a stale one is refused with 409 and the stored object.
ALTER TABLE "location" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "repository" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "source_record" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "citation" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;
