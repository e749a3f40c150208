ALTER TABLE "sports" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "sports" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "sports" ADD COLUMN "name_es" text;--> statement-breakpoint
-- The seed sports (sports.seed.ts) in German, French and Spanish: the seed adds missing sports only, so databases
-- seeded before this migration get the names here; those made later get them from the seed.
UPDATE "sports" SET "name_de" = 'Laufen', "name_fr" = 'Course à pied', "name_es" = 'Carrera a pie' WHERE "id" = 'running';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Trailrunning', "name_fr" = 'Trail', "name_es" = 'Trail running' WHERE "id" = 'trail-running';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Wandern', "name_fr" = 'Randonnée', "name_es" = 'Senderismo' WHERE "id" = 'hiking';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Bergsteigen', "name_fr" = 'Alpinisme', "name_es" = 'Alpinismo' WHERE "id" = 'mountaineering';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Rennradfahren', "name_fr" = 'Cyclisme sur route', "name_es" = 'Ciclismo de carretera' WHERE "id" = 'road-cycling';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Mountainbiken', "name_fr" = 'VTT', "name_es" = 'Bicicleta de montaña' WHERE "id" = 'mountain-biking';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Gravelbiken', "name_fr" = 'Gravel', "name_es" = 'Gravel' WHERE "id" = 'gravel';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Klettern', "name_fr" = 'Escalade', "name_es" = 'Escalada' WHERE "id" = 'climbing';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Klettersteig', "name_fr" = 'Via ferrata', "name_es" = 'Vía ferrata' WHERE "id" = 'via-ferrata';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Skitouren', "name_fr" = 'Ski de randonnée', "name_es" = 'Esquí de montaña' WHERE "id" = 'ski-mountaineering';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Langlauf', "name_fr" = 'Ski de fond', "name_es" = 'Esquí de fondo' WHERE "id" = 'cross-country-skiing';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Schneeschuhwandern', "name_fr" = 'Raquettes à neige', "name_es" = 'Raquetas de nieve' WHERE "id" = 'snowshoeing';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Nordic Walking', "name_fr" = 'Marche nordique', "name_es" = 'Marcha nórdica' WHERE "id" = 'nordic-walking';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Freiwasserschwimmen', "name_fr" = 'Nage en eau libre', "name_es" = 'Natación en aguas abiertas' WHERE "id" = 'open-water-swimming';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Kajak', "name_fr" = 'Kayak', "name_es" = 'Kayak' WHERE "id" = 'kayaking';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Stand-up-Paddling', "name_fr" = 'Stand up paddle', "name_es" = 'Paddle surf' WHERE "id" = 'stand-up-paddle';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Triathlon', "name_fr" = 'Triathlon', "name_es" = 'Triatlón' WHERE "id" = 'triathlon';--> statement-breakpoint
UPDATE "sports" SET "name_de" = 'Orientierungslauf', "name_fr" = 'Course d''orientation', "name_es" = 'Orientación' WHERE "id" = 'orienteering';
