-- Issue 26, reviewed changes: a contributor's change is kept as a proposal, not applied. It holds
-- the request as it came (method, route, path, body: a reviewer can change the body and propose it
-- again) and the rows it would change (captured in a rolled-back savepoint, modules/proposal/).
-- Accepting applies the rows in one transaction, under a change set named after the contributor.
-- Not recorded in the change history itself: what it changes is recorded when it is accepted.
CREATE TABLE "tree_proposal" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"comment" text,
	"change_set_id" bigint,
	CONSTRAINT "tree_proposal_tree_id_id_pk" PRIMARY KEY("tree_id","id"),
	CONSTRAINT "tree_proposal_status_check" CHECK ("status" in ('pending', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "tree_proposal" ADD CONSTRAINT "tree_proposal_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_proposal" ADD CONSTRAINT "tree_proposal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_proposal_status_idx" ON "tree_proposal" USING btree ("tree_id","status","created_at");
