-- Whether an account's e-mail address is known to belong to the person who holds the account:
-- what the OpenID provider said (`email_verified`) at the account's last sign-in, or 1 when
-- someone the centre trusts typed the address (the server's operator with `centre admin grant`,
-- the developer with the development sign-in). The centre writes only to a verified account
-- address (booking and camp confirmations), and `--admin-emails` grants admin at sign-in only
-- to a verified one.
--
-- Existing accounts. Those without a provider subject were made by the operator or by the
-- development sign-in: verified (1). Those linked to a provider stay 0 until their next
-- sign-in sets the provider's answer: what the provider said before was never stored, and
-- guessing would send e-mail to addresses no one checked (until then such a member's bookings
-- and registrations are made, without a confirmation e-mail).

ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1));

UPDATE users SET email_verified = 1 WHERE oidc_subject IS NULL;
