-- A court's English name, shown on English pages; `name` stays the French one. The two courts
-- every database was given ('Terrain de volleyball 1' and 2) get theirs; a court without one
-- ('') is shown by its French name.
ALTER TABLE courts ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
UPDATE courts SET name_en = 'Volleyball court ' || substr(name, length('Terrain de volleyball ') + 1)
WHERE name GLOB 'Terrain de volleyball [0-9]*';
