-- An unverified address reserves nothing. `users.email` was UNIQUE among all accounts, so
-- whoever first signed in claiming an address their provider had not verified held it, and the
-- address's real owner, signing in verified, was refused (409) and locked out. Now an address is
-- unique among verified accounts only: several unverified accounts may show the same one, and a
-- verified sign-in takes it from them (db/users.rs). An account that lost its address keeps its
-- data under none (`email` NULL) until it signs in with one. The centre writes only to a
-- verified address, and `--admin-emails` grants only to one, as before.
--
-- users is rebuilt to drop the column's UNIQUE and NOT NULL (SQLite's 12-step procedure; every
-- other column, default and check as before). The migrations run with foreign keys off (db/mod.rs)
-- and the tables that refer to users name it by name; `PRAGMA foreign_key_check` runs after them.

CREATE TABLE users_v23 (
    id                TEXT PRIMARY KEY,
    email             TEXT COLLATE NOCASE CHECK (email IS NULL OR length(email) > 0),
    first_name        TEXT,
    last_name         TEXT,
    profile_image_url TEXT,
    oidc_subject      TEXT UNIQUE,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    email_verified    INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
    -- Verified means an address was verified.
    CHECK (email IS NOT NULL OR email_verified = 0)
) STRICT;

-- A provider that sent no address left an empty one: none.
INSERT INTO users_v23 (id, email, first_name, last_name, profile_image_url, oidc_subject, created_at, updated_at,
    email_verified)
SELECT id, CASE WHEN trim(email) = '' THEN NULL ELSE email END, first_name, last_name, profile_image_url,
    oidc_subject, created_at, updated_at, CASE WHEN trim(email) = '' THEN 0 ELSE email_verified END
FROM users;
DROP TABLE users;
ALTER TABLE users_v23 RENAME TO users;

-- One verified account per address; unverified ones share freely.
CREATE UNIQUE INDEX users_verified_email ON users (email) WHERE email_verified = 1;
CREATE INDEX users_email ON users (email);
