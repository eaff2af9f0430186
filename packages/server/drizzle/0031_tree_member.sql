-- Issue 26: a tree's members and the invitations that make them. The owner stays tree.owner_id and is
-- no member row. Neither table is recorded in the change history: who may edit is not part of the
-- family's data, and undoing a change must never add or remove a person's access.
CREATE TABLE "tree_member" (
	"tree_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tree_member_tree_id_user_id_pk" PRIMARY KEY("tree_id","user_id"),
	CONSTRAINT "tree_member_role_check" CHECK ("role" in ('viewer', 'contributor', 'editor', 'co_owner'))
);
--> statement-breakpoint
ALTER TABLE "tree_member" ADD CONSTRAINT "tree_member_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_member" ADD CONSTRAINT "tree_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_member_user_idx" ON "tree_member" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "tree_invitation" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tree_invitation_tree_id_id_pk" PRIMARY KEY("tree_id","id"),
	CONSTRAINT "tree_invitation_role_check" CHECK ("role" in ('viewer', 'contributor', 'editor', 'co_owner'))
);
--> statement-breakpoint
ALTER TABLE "tree_invitation" ADD CONSTRAINT "tree_invitation_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tree_invitation_token_idx" ON "tree_invitation" USING btree ("tree_id","token_hash");
