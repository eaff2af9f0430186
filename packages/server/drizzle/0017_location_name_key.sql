-- Typed places are matched on a folded name anywhere in a tree (issue 19, item 8): an index lookup per
-- typed level instead of the trigram index, which holds every tree and answers equality slowly.
CREATE INDEX "location_tree_name_key_idx" ON "location" USING btree ("tree_id","name_key");