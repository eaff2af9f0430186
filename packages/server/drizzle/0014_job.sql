CREATE TABLE "job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tree_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"phase" text,
	"progress" double precision DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"claimed_by" text,
	"heartbeat" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_created_by_idx" ON "job" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "job_active_idx" ON "job" USING btree ("state","heartbeat") WHERE "job"."state" in ('queued', 'running', 'waiting');