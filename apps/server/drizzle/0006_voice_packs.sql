CREATE TABLE "voice_pack_files" (
	"pack_id" uuid NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "voice_pack_files_pkey" PRIMARY KEY("pack_id","path"),
	CONSTRAINT "voice_pack_files_mime_check" CHECK ("voice_pack_files"."mime" IN ('audio/mpeg', 'audio/mp4')),
	CONSTRAINT "voice_pack_files_size_check" CHECK ("voice_pack_files"."size" = octet_length("voice_pack_files"."data")),
	CONSTRAINT "voice_pack_files_sha256_check" CHECK ("voice_pack_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "voice_pack_offers" (
	"pack_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	CONSTRAINT "voice_pack_offers_pkey" PRIMARY KEY("pack_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "voice_pack_selections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"default_pack" text,
	"pack_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_pack_selections_one_check" CHECK (("voice_pack_selections"."default_pack" IS NULL) <> ("voice_pack_selections"."pack_id" IS NULL) AND ("voice_pack_selections"."default_pack" IS NULL OR "voice_pack_selections"."default_pack" IN ('default-am', 'default-en')))
);
--> statement-breakpoint
CREATE TABLE "voice_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"offered_to_all" boolean DEFAULT true NOT NULL,
	"version" text NOT NULL,
	"file_count" integer NOT NULL,
	"total_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_packs_name_check" CHECK (length("voice_packs"."name") BETWEEN 1 AND 64),
	CONSTRAINT "voice_packs_language_check" CHECK ("voice_packs"."language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$'),
	CONSTRAINT "voice_packs_counts_check" CHECK ("voice_packs"."file_count" >= 0 AND "voice_packs"."total_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "voice_pack_files" ADD CONSTRAINT "voice_pack_files_pack_id_voice_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."voice_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_pack_offers" ADD CONSTRAINT "voice_pack_offers_pack_id_voice_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."voice_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_pack_offers" ADD CONSTRAINT "voice_pack_offers_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_pack_selections" ADD CONSTRAINT "voice_pack_selections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_pack_selections" ADD CONSTRAINT "voice_pack_selections_pack_id_voice_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."voice_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_pack_offers_agent_idx" ON "voice_pack_offers" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "voice_pack_selections_pack_idx" ON "voice_pack_selections" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_packs_name_lower_key" ON "voice_packs" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "voice_packs_created_idx" ON "voice_packs" USING btree ("created_at");--> statement-breakpoint
-- Audio is compressed already: PostgreSQL's attempt to compress each file again would be wasted work.
ALTER TABLE voice_pack_files ALTER COLUMN data SET STORAGE EXTERNAL;
