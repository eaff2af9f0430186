-- The hourly collection of media files no row names (media.gc.ts) reads the content hashes of every
-- change of a media object in the history. Those are a small share of history_change: this partial
-- index lets it read only them instead of the whole table.
CREATE INDEX IF NOT EXISTS "history_change_media_idx" ON "history_change" USING btree ("tree_id","seq") WHERE "tbl" = 'media_object';
