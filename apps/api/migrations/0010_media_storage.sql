ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "card_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "storage" text DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_storage_check" CHECK ("media"."storage" IN ('database', 's3'));