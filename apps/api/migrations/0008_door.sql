CREATE TABLE "door_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"e_ticket_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"local_id" text,
	"account_id" integer,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_e_ticket_id_e_tickets_id_fk" FOREIGN KEY ("e_ticket_id") REFERENCES "public"."e_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_scans_offline_key" ON "door_scans" USING btree ("device_id","local_id","e_ticket_id");--> statement-breakpoint
CREATE INDEX "door_scans_ticket_idx" ON "door_scans" USING btree ("e_ticket_id","scanned_at");