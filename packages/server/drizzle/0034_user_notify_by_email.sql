-- Issue 26, notifications: whether a user is e-mailed about proposed changes (a proposal waiting for
-- their review, a decision on their own). On unless they turn it off in their account settings.
ALTER TABLE "user" ADD COLUMN "notify_by_email" boolean DEFAULT true NOT NULL;
