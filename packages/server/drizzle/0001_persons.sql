CREATE TABLE "parent_child" (
	"tree_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_child_tree_id_parent_id_child_id_pk" PRIMARY KEY("tree_id","parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "partner" (
	"tree_id" uuid NOT NULL,
	"person_a" uuid NOT NULL,
	"person_b" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_tree_id_person_a_person_b_pk" PRIMARY KEY("tree_id","person_a","person_b"),
	CONSTRAINT "partner_ordered" CHECK ("partner"."person_a" < "partner"."person_b")
);
--> statement-breakpoint
CREATE TABLE "sibling_link" (
	"tree_id" uuid NOT NULL,
	"person_a" uuid NOT NULL,
	"person_b" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sibling_link_tree_id_person_a_person_b_pk" PRIMARY KEY("tree_id","person_a","person_b"),
	CONSTRAINT "sibling_link_ordered" CHECK ("sibling_link"."person_a" < "sibling_link"."person_b")
);
--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "root_relation" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "sort_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_child" ADD CONSTRAINT "parent_child_tree_id_parent_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","parent_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_child" ADD CONSTRAINT "parent_child_tree_id_child_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","child_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_tree_id_person_a_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_a") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_tree_id_person_b_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_b") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sibling_link" ADD CONSTRAINT "sibling_link_tree_id_person_a_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_a") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sibling_link" ADD CONSTRAINT "sibling_link_tree_id_person_b_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_b") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_child_child_idx" ON "parent_child" USING btree ("tree_id","child_id");--> statement-breakpoint
CREATE INDEX "partner_b_idx" ON "partner" USING btree ("tree_id","person_b");--> statement-breakpoint
CREATE INDEX "sibling_link_b_idx" ON "sibling_link" USING btree ("tree_id","person_b");--> statement-breakpoint
CREATE INDEX "person_tree_sort_idx" ON "person" USING btree ("tree_id","sort_key" collate "C","id");--> statement-breakpoint
UPDATE "person" SET "root_relation" = 'root' FROM "tree" WHERE "tree"."id" = "person"."tree_id" AND "tree"."root_id" = "person"."id";
