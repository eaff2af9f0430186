-- The interface language a user last signed in or registered with: the language of e-mails sent without a request (a plan activated by the operator).
ALTER TABLE "user" ADD COLUMN "language" text;
