ALTER TABLE "tree" ADD COLUMN "share_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tree_share_token_idx" ON "tree" USING btree ("share_token");