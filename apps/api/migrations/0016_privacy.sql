CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_id" integer,
	"organisation_id" integer,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" IN ('checkout', 'account', 'link'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "personal_data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email","id");