ALTER TABLE "mailbox_messages" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "raw" "bytea";