-- A scorekeeper's phone has a name ('Téléphone de Ada' by default, editable on the phone):
-- conflicts and a match's history show it beside the person.
ALTER TABLE sync_devices ADD COLUMN name TEXT CHECK (name IS NULL OR length(name) BETWEEN 1 AND 60);
