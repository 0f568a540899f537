// A real OpenID Connect provider on loopback for the sign-in tests: the npm package
// `oidc-provider` with one static confidential client whose redirect URI is
// <site>/api/callback, and a scripted interaction: the provider's own login form (devInteractions)
// accepts the logins of the accounts table below, with any password. E-mail and names come
// through the userinfo endpoint (its ID tokens carry only `sub` when an access token is issued).
import Provider from 'oidc-provider';
import { freePort } from './harness.mjs';

export const CLIENT_ID = 'centre-e2e';
export const CLIENT_SECRET = 'centre-e2e-secret-that-is-long-enough-for-hs256';

/**
 * Accounts keyed by the login typed into the provider's form. `eve` claims an address this
 * provider has not verified (as at a provider that does not check e-mails), the one auth.test.mjs
 * lists in `--admin-emails`, whose real owner is `diane`; `dora`'s listed address is verified.
 * `mallory` claims Ana's address unverified; `zoe` and `yan` both claim a family's address
 * unverified, which `pat` holds verified.
 */
export const accounts = {
  ana: { email: 'ana.roy@example.org', email_verified: true, given_name: 'Ana', family_name: 'Roy' },
  bob: { email: 'bob.gagnon@example.org', email_verified: true, given_name: 'Bob', family_name: 'Gagnon' },
  eve: { email: 'direction@example.org', email_verified: false, given_name: 'Eve', family_name: 'Imposteur' },
  diane: { email: 'direction@example.org', email_verified: true, given_name: 'Diane', family_name: 'Directrice' },
  dora: { email: 'dora.admin@example.org', email_verified: true, given_name: 'Dora', family_name: 'Admin' },
  mallory: { email: 'ana.roy@example.org', email_verified: false, given_name: 'Mallory', family_name: 'Usurpe' },
  zoe: { email: 'famille.partage@example.org', email_verified: false, given_name: 'Zoé', family_name: 'Premier' },
  yan: { email: 'famille.partage@example.org', email_verified: false, given_name: 'Yan', family_name: 'Second' },
  pat: { email: 'famille.partage@example.org', email_verified: true, given_name: 'Pat', family_name: 'Proprio' },
};

/**
 * Starts the provider for the site at `siteUrl` (the centre's public URL). Resolves to
 * `{ issuer, env, forgeNextState, stop }`, where `env` is what `centre serve` needs to use it.
 */
export async function startProvider(siteUrl) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${siteUrl}/api/callback`],
        post_logout_redirect_uris: [`${siteUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The login typed into the provider's form is the account id and the subject.
    async findAccount(_ctx, id) {
      const account = Object.hasOwn(accounts, id) ? accounts[id] : undefined;
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...account, name: `${account.given_name} ${account.family_name}` };
        },
      };
    },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    cookies: { keys: ['centre-e2e-cookie-key'] },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  // For the tampered-state test: the next redirect back to the site carries a forged state.
  let forgeState = false;
  provider.use(async (ctx, next) => {
    await next();
    const location = ctx.response.get('location');
    if (forgeState && location && location.startsWith(`${siteUrl}/api/callback`)) {
      forgeState = false;
      const url = new URL(location);
      url.searchParams.set('state', 'forged-state');
      ctx.redirect(url.toString());
    }
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    issuer,
    env: {
      CENTRE_OIDC_ISSUER: issuer,
      CENTRE_OIDC_CLIENT_ID: CLIENT_ID,
      CENTRE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    },
    /** The next redirect to the site's callback gets `state=forged-state`. */
    forgeNextState() {
      forgeState = true;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
