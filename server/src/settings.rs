//! Typed settings: defaults, then environment, then flags. Validated once at start.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

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
    /// SMTP server for outgoing mail, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@host.
    /// Without it, e-mails are written as .eml files into --mail-dir.
    #[arg(long, env = "CENTRE_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of outgoing mail.
    #[arg(long, env = "CENTRE_MAIL_FROM", default_value = "Centre plein air de La Pêche <no-reply@localhost>")]
    pub mail_from: String,
    /// Folder for e-mails when no SMTP server is set (default: "outbox" beside the database).
    #[arg(long, env = "CENTRE_MAIL_DIR")]
    pub mail_dir: Option<PathBuf>,
}

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
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("invalid --addr '{0}': expected host:port, e.g. 127.0.0.1:8080")]
    Addr(String),
    #[error("invalid --public-url '{0}': expected an http:// or https:// URL without a trailing path")]
    PublicUrl(String),
    #[error("invalid --timezone '{0}': expected an IANA time zone such as America/Toronto")]
    Timezone(String),
}

impl Settings {
    pub fn from_args(args: &ServeArgs) -> Result<Settings, SettingsError> {
        let addr: SocketAddr = args.addr.parse().map_err(|_| SettingsError::Addr(args.addr.clone()))?;
        let public_url = match &args.public_url {
            Some(url) => normalise_public_url(url)?,
            None => format!("http://{addr}"),
        };
        let timezone =
            args.timezone.parse::<chrono_tz::Tz>().map_err(|_| SettingsError::Timezone(args.timezone.clone()))?;
        let mail_dir = args.mail_dir.clone().unwrap_or_else(|| default_mail_dir(&args.db));
        Ok(Settings {
            addr,
            db: args.db.clone(),
            public_url,
            dev_login: args.dev_login,
            demo: args.demo,
            timezone,
            smtp_url: args.smtp_url.clone(),
            mail_from: args.mail_from.clone(),
            mail_dir,
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
        }
    }

    /// One line for the start-up log. Secrets (none yet beyond this list) are masked.
    pub fn summary(&self) -> String {
        format!(
            "addr={} db={} public_url={} dev_login={} demo={} timezone={} smtp_url={} mail_from={} mail_dir={}",
            self.addr,
            self.db.display(),
            self.public_url,
            self.dev_login,
            self.demo,
            self.timezone.name(),
            self.smtp_url.as_deref().map_or_else(|| "none".to_owned(), mask_url_secret),
            self.mail_from,
            self.mail_dir.display(),
        )
    }

    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
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
    fn public_url_is_validated() {
        assert_eq!(normalise_public_url("https://centre.example/").ok().as_deref(), Some("https://centre.example"));
        assert!(normalise_public_url("centre.example").is_err());
        assert!(normalise_public_url("https://centre.example/app").is_err());
        assert!(parse_flag("maybe").is_err());
        assert_eq!(parse_flag("1"), Ok(true));
        assert_eq!(mask_url_secret("smtps://centre:hunter2@mail.example:465"), "smtps://centre:***@mail.example:465");
        assert_eq!(mask_url_secret("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525");
    }
}
