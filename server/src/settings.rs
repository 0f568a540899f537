//! Typed settings: defaults, then environment, then flags. Validated once at start.

use std::net::{IpAddr, SocketAddr};

pub use crate::clock::Clock;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::net::caps::Cap;

#[derive(Debug, Parser)]
#[command(name = "centre", version, about = "Centre plein air — serveur web et API")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the web server (API + embedded PWA).
    Serve(Box<ServeArgs>),
    /// Write a consistent snapshot of the database into a folder (safe while the server runs),
    /// keeping the newest ones.
    Backup {
        /// Folder of the snapshots (created if needed); files are named centre-<UTC time>.db.
        #[arg(long)]
        to: PathBuf,
        /// How many snapshots to keep in that folder (the oldest go).
        #[arg(long, default_value_t = 7)]
        keep: usize,
        /// SQLite database file.
        #[arg(long, env = "CENTRE_DB", default_value = "./data/centre.db")]
        db: PathBuf,
    },
    /// Replace the database by a snapshot (stop the server first).
    Restore {
        /// The snapshot file.
        from: PathBuf,
        /// SQLite database file to replace.
        #[arg(long, env = "CENTRE_DB", default_value = "./data/centre.db")]
        db: PathBuf,
        /// Replace an existing database.
        #[arg(long)]
        force: bool,
    },
    /// Print the HTTP API's OpenAPI document (the committed api/openapi.json) on standard output.
    Openapi,
    /// Manage roles from the command line.
    #[command(subcommand)]
    Admin(AdminCommand),
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Grant the admin role to a user, by e-mail or id. An e-mail nobody has signed in with yet
    /// is remembered: the grant applies at that person's first sign-in.
    Grant {
        /// The user's e-mail address or id.
        user: String,
        /// SQLite database file.
        #[arg(long, env = "CENTRE_DB", default_value = "./data/centre.db")]
        db: PathBuf,
    },
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "CENTRE_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// SQLite database file (created and migrated at start).
    #[arg(long, env = "CENTRE_DB", default_value = "./data/centre.db")]
    pub db: PathBuf,
    /// Public URL of the site (default http://<addr>).
    #[arg(long, env = "CENTRE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Enable the development sign-in (never in production).
    #[arg(long, env = "CENTRE_DEV_LOGIN", value_parser = parse_flag, default_value = "false", num_args = 0..=1, default_missing_value = "true")]
    pub dev_login: bool,
    /// Seed demo data into an empty database.
    #[arg(long, env = "CENTRE_DEMO", value_parser = parse_flag, default_value = "false", num_args = 0..=1, default_missing_value = "true")]
    pub demo: bool,
    /// The centre's time zone (IANA name).
    #[arg(long, env = "CENTRE_TIMEZONE", default_value = "America/Toronto")]
    pub timezone: String,
    /// SMTP server for outgoing mail. smtps://user:password@host:465 is TLS from the first byte;
    /// smtp://user:password@host:587 starts TLS with STARTTLS before it logs in, and sends nothing
    /// (not even the password) to a server that does not offer STARTTLS: the mail waits and the
    /// log says why. smtp://host:port without a user or password is plain SMTP (a relay on the
    /// same machine), unless ?tls=required or ?tls=opportunistic asks for STARTTLS; a user or
    /// password with ?tls=none or ?tls=opportunistic is refused at start. Percent-encode any of
    /// @ : / ? # % in the user or password (@ is %40). The server's certificate must chain to a
    /// root the system trusts (Debian's ca-certificates; SSL_CERT_FILE names another PEM file of
    /// roots). Without this setting, e-mails are written as .eml files into --mail-dir.
    #[arg(long, env = "CENTRE_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of outgoing mail.
    #[arg(long, env = "CENTRE_MAIL_FROM", default_value = "Centre plein air de La Pêche <no-reply@localhost>")]
    pub mail_from: String,
    /// Folder for e-mails when no SMTP server is set (default: "outbox" beside the database).
    #[arg(long, env = "CENTRE_MAIL_DIR")]
    pub mail_dir: Option<PathBuf>,
    /// Where members send Interac e-Transfers for events (named in the registration e-mail).
    #[arg(long, env = "CENTRE_INTERAC_EMAIL", default_value = DEFAULT_INTERAC_EMAIL)]
    pub interac_email: String,
    /// File holding the key that seals payers' social insurance numbers (64 hexadecimal
    /// characters; `openssl rand -hex 32`). Keep it outside the database's folder and its
    /// replica, backed up apart. Without it, with --dev-login, a development key is made beside
    /// the database; otherwise no number can be entered.
    #[arg(long, env = "CENTRE_SECRET_KEY_FILE")]
    pub secret_key_file: Option<PathBuf>,
    /// Length of a court booking slot, in minutes (5 to 1440).
    #[arg(long, env = "CENTRE_SLOT_MINUTES", default_value_t = 60, value_parser = clap::value_parser!(u32).range(5..=1440))]
    pub slot_minutes: u32,
    /// How many future court bookings one member may hold at once (1 to 1000).
    #[arg(long, env = "CENTRE_MAX_FUTURE_BOOKINGS", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_future_bookings: u32,
    /// A cap on the database's size, in 4 KiB pages (none by default): at the cap, writes are
    /// refused with a clear 503, as on a full disk, while reads go on.
    #[arg(long, env = "CENTRE_MAX_DB_PAGES", value_parser = clap::value_parser!(u32).range(16..))]
    pub max_db_pages: Option<u32>,
    /// Writes (bookings, registrations, scores, sync pushes, console changes) one signed-in member
    /// may make per minute, and at once; beyond it, 429 with Retry-After. 0 turns the limit off.
    #[arg(long, env = "CENTRE_WRITE_LIMIT", default_value_t = DEFAULT_WRITE_LIMIT, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub write_limit: u32,
    /// Comma-separated IP addresses of the reverse proxies in front of the server (Caddy on the
    /// same machine: 127.0.0.1,::1): only their X-Forwarded-For names the client's address.
    #[arg(long, env = "CENTRE_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,
    /// Days after an unpaid registration (then after each reminder) before a payment reminder
    /// e-mail (1 to 60).
    #[arg(long, env = "CENTRE_PAYMENT_REMINDER_DAYS", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub payment_reminder_days: u32,
    /// At most this many payment reminders per registration (0 sends none).
    #[arg(long, env = "CENTRE_PAYMENT_REMINDERS", default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=10))]
    pub payment_reminders: u32,
    /// OpenID Connect issuer URL (discovery at <issuer>/.well-known/openid-configuration).
    #[arg(long, env = "CENTRE_OIDC_ISSUER")]
    pub oidc_issuer: Option<String>,
    /// OpenID Connect client id.
    #[arg(long, env = "CENTRE_OIDC_CLIENT_ID")]
    pub oidc_client_id: Option<String>,
    /// OpenID Connect client secret (never printed).
    #[arg(long, env = "CENTRE_OIDC_CLIENT_SECRET", hide_env_values = true)]
    pub oidc_client_secret: Option<String>,
    /// Address of the separate listener serving /metrics (Prometheus text format); off when
    /// not set. Keep it on loopback or a private network: it is not for the public.
    #[arg(long, env = "CENTRE_METRICS_ADDR")]
    pub metrics_addr: Option<String>,
    /// Comma-separated e-mails granted the admin role when they sign in.
    #[arg(long, env = "CENTRE_ADMIN_EMAILS", default_value = "")]
    pub admin_emails: String,
    /// Open connections the server takes in all; beyond it a new one gets a 503 and is closed.
    /// Keep the process's open-files limit above it (deploy/centre.service: LimitNOFILE).
    #[arg(long, env = "CENTRE_MAX_CONNECTIONS", default_value_t = DEFAULT_CONNECTIONS.total, value_parser = clap::value_parser!(u32).range(16..=1_000_000))]
    pub max_connections: u32,
    /// Open connections one client address may hold (an IPv6 /64 counts as one). A trusted
    /// proxy's connections count only in the total.
    #[arg(long, env = "CENTRE_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = DEFAULT_CONNECTIONS.per_address, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections_per_address: u32,
    /// Live tournament pages (server-sent event streams) open in all; beyond it, 503 with
    /// Retry-After.
    #[arg(long, env = "CENTRE_MAX_STREAMS", default_value_t = DEFAULT_STREAMS.total, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams: u32,
    /// Live tournament pages one client address may hold open (a group of spectators on one
    /// network shares an address).
    #[arg(long, env = "CENTRE_MAX_STREAMS_PER_ADDRESS", default_value_t = DEFAULT_STREAMS.per_address, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_streams_per_address: u32,
    /// Tests only (needs --dev-login): the day, YYYY-MM-DD, that court reservations, the event
    /// list, the tournaments' live state and the demo data take as today at start; their clock
    /// then runs on from it. Not in the environment template.
    #[arg(long, hide = true, conflicts_with = "now")]
    pub today: Option<chrono::NaiveDate>,
    /// Tests only (needs --dev-login): the centre's date and time, YYYY-MM-DDTHH:MM, that the
    /// server takes as now at start (as `--today`, to the minute: a demo at 8:00 or at 23:00);
    /// its clock then runs on from it. Not in the environment template.
    #[arg(long, hide = true, value_parser = parse_local_minute)]
    pub now: Option<chrono::NaiveDateTime>,
}

/// `2027-07-10T23:00` (seconds allowed): a wall-clock time of the centre.
fn parse_local_minute(text: &str) -> Result<chrono::NaiveDateTime, String> {
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"]
        .iter()
        .find_map(|format| chrono::NaiveDateTime::parse_from_str(text, format).ok())
        .ok_or_else(|| format!("'{text}' is not a time YYYY-MM-DDTHH:MM"))
}

/// The centre's contact address, which also receives Interac e-Transfers unless configured.
pub const DEFAULT_INTERAC_EMAIL: &str = "info@centrepleinair-lapeche.org";

/// Writes per signed-in member per minute (and at once): a person, even a parent registering
/// three children or an admin scoring a tournament, stays far below; a script does not.
pub const DEFAULT_WRITE_LIMIT: u32 = 120;

/// Open connections in all, and per client address: a browser opens at most 6 to a site, so 64
/// is ten devices behind one address at once, while one address alone can take only a sixteenth
/// of the server. Behind Caddy (the deployment guide) only the total applies to connections.
pub const DEFAULT_CONNECTIONS: Cap = Cap { total: 1024, per_address: 64 };

/// Live tournament pages in all, and per client address (as a trusted proxy gives it): the
/// spectators of one tournament on the centre's network share an address.
pub const DEFAULT_STREAMS: Cap = Cap { total: 512, per_address: 64 };

fn parse_flag(value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" | "" => Ok(false),
        other => Err(format!("expected 1/0, true/false, yes/no or on/off, got '{other}'")),
    }
}

/// Settings after validation: every value here is usable as it is.
#[derive(Debug, Clone)]
pub struct Settings {
    pub addr: SocketAddr,
    pub db: PathBuf,
    pub public_url: String,
    pub dev_login: bool,
    pub demo: bool,
    pub timezone: chrono_tz::Tz,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub mail_dir: PathBuf,
    /// The centre's Interac e-Transfer address.
    pub interac_email: String,
    /// The key file sealing payers' social insurance numbers (`secret.rs`).
    pub secret_key_file: Option<PathBuf>,
    /// Court booking slot length, in minutes.
    pub slot_minutes: u32,
    /// Future court bookings one member may hold at once.
    pub max_future_bookings: u32,
    /// SQLite's `max_page_count` on every connection, when set.
    pub max_db_pages: Option<u32>,
    /// Writes per signed-in member per minute (and at once); 0: no limit.
    pub write_limit: u32,
    /// Peers whose X-Forwarded-For is believed.
    pub trusted_proxies: Vec<IpAddr>,
    /// When unpaid registrations are reminded, and how many times.
    pub reminders: crate::db::payments::ReminderPolicy,
    pub oidc: Option<OidcSettings>,
    /// Lower-case e-mails granted admin at sign-in.
    pub admin_emails: Vec<String>,
    /// Where /metrics is served, if anywhere.
    pub metrics_addr: Option<SocketAddr>,
    /// Open connections, per client address and in all.
    pub connections: Cap,
    /// Live streams, per client address and in all.
    pub streams: Cap,
    /// How long a client may keep a connection waiting (not a flag: `net::TIMEOUTS`; tests
    /// shorten them).
    pub timeouts: crate::net::Timeouts,
    /// "Now" for the court reservations, the event list, the tournaments' live state and the
    /// demo data: the system clock, or moved by `--today` in tests.
    pub clock: Clock,
}

/// The OpenID Connect provider and this site's client registration with it.
#[derive(Clone)]
pub struct OidcSettings {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
}

impl std::fmt::Debug for OidcSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcSettings")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &"***")
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("invalid --addr '{0}': expected host:port, e.g. 127.0.0.1:8080")]
    Addr(String),
    #[error("invalid --metrics-addr '{0}': expected host:port, e.g. 127.0.0.1:9090")]
    MetricsAddr(String),
    #[error("invalid --public-url '{0}': expected an http:// or https:// URL without a trailing path")]
    PublicUrl(String),
    #[error("invalid --timezone '{0}': expected an IANA time zone such as America/Toronto")]
    Timezone(String),
    #[error(
        "--dev-login cannot be used with an https --public-url ({0}): development sign-in lets anyone sign in as anyone, never enable it in production"
    )]
    DevLoginInProduction(String),
    #[error(
        "incomplete OpenID Connect settings: set all of --oidc-issuer, --oidc-client-id and --oidc-client-secret, or none (missing: {0})"
    )]
    OidcIncomplete(String),
    #[error("invalid --oidc-issuer '{0}': expected an http:// or https:// URL")]
    OidcIssuer(String),
    #[error("invalid --admin-emails entry '{0}': expected comma-separated e-mail addresses")]
    AdminEmail(String),
    #[error("invalid --interac-email '{0}': expected an e-mail address")]
    InteracEmail(String),
    #[error("invalid --trusted-proxies entry '{0}': expected comma-separated IP addresses, e.g. 127.0.0.1,::1")]
    TrustedProxy(String),
    #[error("--today and --now move the server's clock for tests: they need --dev-login, never use them in production")]
    TodayOutsideTests,
}

impl Settings {
    /// The centre's date today, on the clock (moved by `--today` in tests).
    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.now().with_timezone(&self.timezone).date_naive()
    }

    pub fn from_args(args: &ServeArgs) -> Result<Settings, SettingsError> {
        let addr: SocketAddr = args.addr.parse().map_err(|_| SettingsError::Addr(args.addr.clone()))?;
        let metrics_addr = match args.metrics_addr.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            Some(a) => Some(a.parse::<SocketAddr>().map_err(|_| SettingsError::MetricsAddr(a.to_owned()))?),
            None => None,
        };
        let public_url = match &args.public_url {
            Some(url) => normalise_public_url(url)?,
            None => format!("http://{addr}"),
        };
        let timezone =
            args.timezone.parse::<chrono_tz::Tz>().map_err(|_| SettingsError::Timezone(args.timezone.clone()))?;
        let mail_dir = args.mail_dir.clone().unwrap_or_else(|| default_mail_dir(&args.db));
        if args.dev_login && public_url.starts_with("https://") {
            return Err(SettingsError::DevLoginInProduction(public_url));
        }
        if (args.today.is_some() || args.now.is_some()) && !args.dev_login {
            return Err(SettingsError::TodayOutsideTests);
        }
        let oidc = oidc_settings(args)?;
        let admin_emails = parse_admin_emails(&args.admin_emails)?;
        let trusted_proxies = parse_trusted_proxies(&args.trusted_proxies)?;
        let interac_email = centre_core::validation::Email::parse(&args.interac_email)
            .map(|e| e.as_str().to_owned())
            .map_err(|_| SettingsError::InteracEmail(args.interac_email.clone()))?;
        Ok(Settings {
            addr,
            db: args.db.clone(),
            public_url,
            dev_login: args.dev_login,
            demo: args.demo,
            timezone,
            // Blank is none: the environment template ships `CENTRE_SMTP_URL=` for the
            // volunteer to fill in, and systemd passes it as an empty value.
            smtp_url: args.smtp_url.clone().filter(|url| !url.trim().is_empty()),
            mail_from: args.mail_from.clone(),
            mail_dir,
            interac_email,
            secret_key_file: args.secret_key_file.clone().filter(|p| !p.as_os_str().is_empty()),
            slot_minutes: args.slot_minutes,
            max_future_bookings: args.max_future_bookings,
            max_db_pages: args.max_db_pages,
            write_limit: args.write_limit,
            trusted_proxies,
            reminders: crate::db::payments::ReminderPolicy {
                after_days: i64::from(args.payment_reminder_days),
                max: i64::from(args.payment_reminders),
            },
            oidc,
            admin_emails,
            metrics_addr,
            connections: Cap { total: args.max_connections, per_address: args.max_connections_per_address },
            streams: Cap { total: args.max_streams, per_address: args.max_streams_per_address },
            timeouts: crate::net::TIMEOUTS,
            clock: match (args.today, args.now) {
                (_, Some(now)) => Clock::starting_at(now, timezone),
                (Some(day), None) => Clock::starting_on(day, timezone),
                (None, None) => Clock::default(),
            },
        })
    }

    /// Settings for tests: a database path, everything else default, dev sign-in on.
    pub fn for_tests(db: PathBuf) -> Settings {
        let mail_dir = default_mail_dir(&db);
        Settings {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db,
            public_url: "http://127.0.0.1".to_owned(),
            dev_login: true,
            demo: false,
            timezone: chrono_tz::America::Toronto,
            smtp_url: None,
            mail_from: "Centre plein air de La Pêche <no-reply@localhost>".to_owned(),
            mail_dir,
            interac_email: DEFAULT_INTERAC_EMAIL.to_owned(),
            secret_key_file: None,
            slot_minutes: centre_core::slots::DEFAULT_SLOT_MINUTES,
            max_future_bookings: 3,
            max_db_pages: None,
            write_limit: DEFAULT_WRITE_LIMIT,
            trusted_proxies: Vec::new(),
            reminders: crate::db::payments::ReminderPolicy { after_days: 3, max: 2 },
            oidc: None,
            admin_emails: Vec::new(),
            metrics_addr: None,
            connections: DEFAULT_CONNECTIONS,
            streams: DEFAULT_STREAMS,
            timeouts: crate::net::TIMEOUTS,
            clock: Clock::default(),
        }
    }

    /// One line for the start-up log. Secrets (none yet beyond this list) are masked.
    pub fn summary(&self) -> String {
        let summary = format!(
            "addr={} db={} public_url={} dev_login={} demo={} timezone={} smtp_url={} mail_from={} mail_dir={} interac_email={} secret_key_file={} slot_minutes={} max_future_bookings={} max_db_pages={} write_limit={} trusted_proxies={} payment_reminders={}x{}d oidc_issuer={} oidc_client_id={} oidc_client_secret={} admin_emails={} metrics_addr={} max_connections={} max_connections_per_address={} max_streams={} max_streams_per_address={}",
            self.addr,
            self.db.display(),
            self.public_url,
            self.dev_login,
            self.demo,
            self.timezone.name(),
            self.smtp_url.as_deref().map_or_else(|| "none".to_owned(), mask_url_secret),
            self.mail_from,
            self.mail_dir.display(),
            self.interac_email,
            self.secret_key_file.as_ref().map_or_else(|| "none".to_owned(), |p| p.display().to_string()),
            self.slot_minutes,
            self.max_future_bookings,
            self.max_db_pages.map_or_else(|| "none".to_owned(), |p| p.to_string()),
            if self.write_limit == 0 { "off".to_owned() } else { format!("{}/min", self.write_limit) },
            if self.trusted_proxies.is_empty() {
                "none".to_owned()
            } else {
                self.trusted_proxies.iter().map(IpAddr::to_string).collect::<Vec<_>>().join(",")
            },
            self.reminders.max,
            self.reminders.after_days,
            self.oidc.as_ref().map_or("none", |o| o.issuer.as_str()),
            self.oidc.as_ref().map_or("none", |o| o.client_id.as_str()),
            if self.oidc.is_some() { "***" } else { "none" },
            // How many, never who: logs carry no personal data.
            self.admin_emails.len(),
            self.metrics_addr.map_or_else(|| "none".to_owned(), |a| a.to_string()),
            self.connections.total,
            self.connections.per_address,
            self.streams.total,
            self.streams.per_address,
        );
        if self.clock.is_moved() {
            format!("{summary} courts_today={}", self.clock.now().with_timezone(&self.timezone).date_naive())
        } else {
            summary
        }
    }

    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

fn oidc_settings(args: &ServeArgs) -> Result<Option<OidcSettings>, SettingsError> {
    let clean = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let (issuer, client_id, client_secret) =
        (clean(&args.oidc_issuer), clean(&args.oidc_client_id), clean(&args.oidc_client_secret));
    match (issuer, client_id, client_secret) {
        (None, None, None) => Ok(None),
        (Some(issuer), Some(client_id), Some(client_secret)) => {
            // Kept exactly as given: the provider's metadata must name the same issuer.
            let valid = url::Url::parse(&issuer).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.has_host());
            if !valid {
                return Err(SettingsError::OidcIssuer(issuer));
            }
            Ok(Some(OidcSettings { issuer, client_id, client_secret }))
        }
        (issuer, client_id, client_secret) => {
            let missing: Vec<&str> = [
                ("--oidc-issuer", issuer.is_none()),
                ("--oidc-client-id", client_id.is_none()),
                ("--oidc-client-secret", client_secret.is_none()),
            ]
            .into_iter()
            .filter_map(|(name, absent)| absent.then_some(name))
            .collect();
            Err(SettingsError::OidcIncomplete(missing.join(", ")))
        }
    }
}

fn parse_admin_emails(raw: &str) -> Result<Vec<String>, SettingsError> {
    raw.split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| {
            centre_core::validation::Email::parse(e)
                .map(|_| e.to_lowercase())
                .map_err(|_| SettingsError::AdminEmail(e.to_owned()))
        })
        .collect()
}

fn parse_trusted_proxies(raw: &str) -> Result<Vec<IpAddr>, SettingsError> {
    raw.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| a.parse::<IpAddr>().map(|ip| ip.to_canonical()).map_err(|_| SettingsError::TrustedProxy(a.to_owned())))
        .collect()
}

fn default_mail_dir(db: &std::path::Path) -> PathBuf {
    db.parent().filter(|d| !d.as_os_str().is_empty()).map_or_else(|| PathBuf::from("outbox"), |d| d.join("outbox"))
}

/// `scheme://user:secret@host` → `scheme://user:***@host`: secrets are never printed.
pub fn mask_url_secret(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let Some((userinfo, host)) = rest.rsplit_once('@') else { return url.to_owned() };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

fn normalise_public_url(url: &str) -> Result<String, SettingsError> {
    let trimmed = url.trim().trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"))
        .ok_or_else(|| SettingsError::PublicUrl(url.to_owned()))?;
    if rest.is_empty() || rest.contains('/') || rest.contains(char::is_whitespace) {
        return Err(SettingsError::PublicUrl(url.to_owned()));
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_smtp_url_as_the_environment_template_ships_it_means_no_smtp() {
        let serve = |url: &str| match Cli::try_parse_from(["centre", "serve", "--smtp-url", url]) {
            Ok(Cli { command: Command::Serve(args) }) => Settings::from_args(&args).map(|s| s.smtp_url).ok(),
            _ => None,
        };
        assert_eq!(serve(""), Some(None));
        assert_eq!(serve("  "), Some(None));
        assert_eq!(serve("smtp://127.0.0.1:2525"), Some(Some("smtp://127.0.0.1:2525".to_owned())));
    }

    #[test]
    fn today_moves_the_courts_clock_in_tests_only() {
        let serve = |extra: &[&str]| match Cli::try_parse_from([&["centre", "serve"], extra].concat()) {
            Ok(Cli { command: Command::Serve(args) }) => Some(Settings::from_args(&args)),
            _ => None,
        };
        let Some(Ok(settings)) = serve(&["--dev-login", "--today", "2026-11-20"]) else { panic!("refused") };
        let today = settings.clock.now().with_timezone(&settings.timezone).date_naive();
        // A run that crosses midnight at the centre would see the next day.
        assert!(["2026-11-20", "2026-11-21"].contains(&today.to_string().as_str()), "{today}");
        assert!(settings.summary().contains("courts_today=2026-11-2"), "{}", settings.summary());
        assert!(matches!(serve(&["--today", "2026-11-20"]), Some(Err(SettingsError::TodayOutsideTests))));
        assert!(serve(&["--dev-login", "--today", "20/11/2026"]).is_none(), "a day is YYYY-MM-DD");
        let Some(Ok(plain)) = serve(&[]) else { panic!("refused") };
        assert!(!plain.clock.is_moved() && !plain.summary().contains("courts_today"));
    }

    #[test]
    fn now_moves_the_clock_to_the_minute_at_the_centre_in_tests_only() {
        let serve = |extra: &[&str]| match Cli::try_parse_from([&["centre", "serve"], extra].concat()) {
            Ok(Cli { command: Command::Serve(args) }) => Some(Settings::from_args(&args)),
            _ => None,
        };
        for (flag, expected) in [("2027-07-10T23:00", "2027-07-10 23:00"), ("2026-12-24T08:00:30", "2026-12-24 08:00")]
        {
            let Some(Ok(settings)) = serve(&["--dev-login", "--now", flag]) else { panic!("refused {flag}") };
            let now = settings.clock.now().with_timezone(&settings.timezone);
            assert_eq!(now.format("%Y-%m-%d %H:%M").to_string(), expected);
            assert_eq!(settings.today().to_string(), expected[..10]);
        }
        // 2:30 does not exist on 8 March 2026 in Toronto (2:00 goes to 3:00): the first time after.
        let Some(Ok(spring)) = serve(&["--dev-login", "--now", "2026-03-08T02:30"]) else { panic!("refused") };
        assert_eq!(spring.clock.now().with_timezone(&spring.timezone).format("%H:%M").to_string(), "03:30");
        assert!(matches!(serve(&["--now", "2027-07-10T23:00"]), Some(Err(SettingsError::TodayOutsideTests))));
        assert!(serve(&["--dev-login", "--now", "10/07/2027 23:00"]).is_none(), "a time is YYYY-MM-DDTHH:MM");
        assert!(
            serve(&["--dev-login", "--now", "2027-07-10T23:00", "--today", "2027-07-10"]).is_none(),
            "one or the other"
        );
    }

    #[test]
    fn public_url_is_validated() {
        assert_eq!(normalise_public_url("https://centre.example/").ok().as_deref(), Some("https://centre.example"));
        assert!(normalise_public_url("centre.example").is_err());
        assert!(normalise_public_url("https://centre.example/app").is_err());
        assert!(parse_flag("maybe").is_err());
        assert_eq!(parse_flag("1"), Ok(true));
        assert_eq!(
            parse_admin_emails(" Ana@Example.org, ,bo@example.org").ok(),
            Some(vec!["ana@example.org".to_owned(), "bo@example.org".to_owned()])
        );
        assert!(parse_admin_emails("not-an-email").is_err());
        assert_eq!(
            parse_trusted_proxies(" 127.0.0.1, ::1,,::ffff:10.0.0.1").ok(),
            Some(vec![[127, 0, 0, 1].into(), std::net::Ipv6Addr::LOCALHOST.into(), [10, 0, 0, 1].into()])
        );
        assert!(parse_trusted_proxies("127.0.0.1:8080").is_err());
        assert_eq!(parse_trusted_proxies("").ok(), Some(Vec::new()));
        assert_eq!(mask_url_secret("smtps://centre:hunter2@mail.example:465"), "smtps://centre:***@mail.example:465");
        assert_eq!(mask_url_secret("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525");
    }
}
