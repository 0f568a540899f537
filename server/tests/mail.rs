#![allow(clippy::unwrap_used)]

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use centre_server::db::outbox::{self, Email};
use centre_server::error::AppError;
use centre_server::settings::Settings;

fn email(to: &str) -> Email {
    Email { to: to.into(), subject: "Inscription reçue".into(), body_text: "Bonjour Marie".into(), ics: None }
}

/// What the e-mails below are about: a team registration (of no account), made once.
fn record(conn: &rusqlite::Connection) -> outbox::About {
    conn.execute_batch(
        "INSERT OR IGNORE INTO events (id, title, description, location, start_date, created_at)
           VALUES (1, 'Tournoi', 'D', 'L', '2027-01-01T00:00:00Z', 'now');
         INSERT OR IGNORE INTO event_registrations (id, event_id, team_number, people_count, payment_reference, created_at)
           VALUES (1, 1, 1, 2, 'MAIL1', 'now');",
    )
    .unwrap();
    outbox::About::EventRegistration(1)
}

#[test]
fn an_email_takes_its_owner_from_its_record_and_one_about_nothing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = centre_server::db::Db::open(&dir.path().join("centre.db")).unwrap();
    let conn = db.connect().unwrap();
    conn.execute_batch(
        "INSERT INTO users (id, email, created_at, updated_at, email_verified)
           VALUES ('u-marie', 'marie@example.org', 'now', 'now', 1);
         INSERT INTO courts (id, name, position, season_start, season_end) VALUES (9, 'T', 9, '05-15', '09-30');
         INSERT INTO court_bookings (id, court_id, user_id, first_name, last_name, email, phone, start_time, end_time, created_at)
           VALUES (5, 9, 'u-marie', 'M', 'T', 'autre@example.org', '819', '2027-06-01T14:00:00Z', '2027-06-01T15:00:00Z', 'now');",
    )
    .unwrap();
    let now = at(13, 0, 0);
    // Whatever address it goes to, the e-mail is the booking's member's.
    let id = outbox::enqueue(&conn, outbox::About::CourtBooking(5), &email("quelquun@example.org"), now).unwrap();
    let row: (Option<String>, String, i64) = conn
        .query_row("SELECT user_id, about_kind, about_id FROM outbox_emails WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!(row, (Some("u-marie".to_owned()), "court_booking".to_owned(), 5));
    // A registration of no account: about it, and nobody's.
    let id = outbox::enqueue(&conn, record(&conn), &email("x@example.org"), now).unwrap();
    let owner: Option<String> =
        conn.query_row("SELECT user_id FROM outbox_emails WHERE id = ?1", [id], |r| r.get(0)).unwrap();
    assert_eq!(owner, None);
    for about in [
        outbox::About::CourtBooking(6),
        outbox::About::EventRegistration(2),
        outbox::About::CampRegistration(1),
        outbox::About::WaitlistOffer(1),
        outbox::About::WaitlistEntry(1),
    ] {
        let refused = outbox::enqueue(&conn, about, &email("x@example.org"), now);
        assert!(matches!(refused, Err(rusqlite::Error::QueryReturnedNoRows)), "{about:?}: {refused:?}");
    }
    let count: i64 = conn.query_row("SELECT count(*) FROM outbox_emails", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 2);
}

#[tokio::test]
async fn without_smtp_mail_is_written_to_the_outbox_folder_after_commit() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings::for_tests(dir.path().join("centre.db"));
    let mail_dir = settings.mail_dir.clone();
    let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
    let now = chrono::Utc::now();
    state
        .db
        .write(move |tx| outbox::enqueue(tx, record(tx), &email("marie@example.org"), now).map_err(AppError::from))
        .await
        .unwrap();
    let sent = state.mailer.deliver_due(&state.db).await.unwrap();
    assert_eq!(sent, 1);
    let files: Vec<_> = std::fs::read_dir(&mail_dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    let raw = std::fs::read_to_string(&files[0]).unwrap();
    assert!(raw.contains("To: marie@example.org"), "{raw}");
    assert!(raw.contains("Bonjour Marie"));
    // Delivered once: a second pass sends nothing.
    assert_eq!(state.mailer.deliver_due(&state.db).await.unwrap(), 0);
}

#[tokio::test]
async fn a_failed_delivery_is_kept_and_retried_later() {
    let dir = tempfile::tempdir().unwrap();
    let mut settings = Settings::for_tests(dir.path().join("centre.db"));
    // Nothing listens on port 9 of loopback: delivery fails at once.
    settings.smtp_url = Some("smtp://127.0.0.1:9".into());
    let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
    let now = chrono::Utc::now();
    state
        .db
        .write(move |tx| outbox::enqueue(tx, record(tx), &email("paul@example.org"), now).map_err(AppError::from))
        .await
        .unwrap();
    assert_eq!(state.mailer.deliver_due(&state.db).await.unwrap(), 0);
    let (status, attempts, next): (String, i64, String) = state
        .db
        .read(|c| {
            c.query_row("SELECT status, attempts, next_attempt_at FROM outbox_emails", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .map_err(AppError::from)
        })
        .await
        .unwrap();
    assert_eq!((status.as_str(), attempts), ("pending", 1));
    assert!(next > centre_core::timefmt::utc_text(now), "retried later, not in a busy loop");
}

/// One moment, written by hand, for the claims below.
fn at(hour: u32, min: u32, sec: u32) -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    chrono::Utc.with_ymd_and_hms(2026, 6, 10, hour, min, sec).single().unwrap()
}

#[test]
fn a_claimed_message_is_taken_once_and_comes_back_only_when_its_lease_ends() {
    let dir = tempfile::tempdir().unwrap();
    let db = centre_server::db::Db::open(&dir.path().join("centre.db")).unwrap();
    let conn = db.connect().unwrap();
    let now = at(13, 0, 0);
    let first = outbox::enqueue(&conn, record(&conn), &email("ann@example.org"), now).unwrap();
    let second = outbox::enqueue(&conn, record(&conn), &email("bob@example.org"), now).unwrap();

    let a = outbox::claim_next(&conn, now).unwrap().unwrap();
    let b = outbox::claim_next(&conn, now).unwrap().unwrap();
    assert_eq!((a.id, a.email.to.as_str()), (first, "ann@example.org"));
    assert_eq!((b.id, b.email.to.as_str()), (second, "bob@example.org"), "the second claim takes the other message");
    assert!(outbox::claim_next(&conn, now).unwrap().is_none(), "both are claimed: nothing is left to take");
    // Well past the SMTP timeout (20 s) the claims still hold: a slow send is never doubled.
    assert!(outbox::claim_next(&conn, at(13, 1, 0)).unwrap().is_none());
    let lease_end = now + outbox::LEASE;
    assert!(outbox::claim_next(&conn, lease_end - chrono::Duration::seconds(1)).unwrap().is_none());

    // A worker that died mid-send never settled its claim: the message is due again after the lease.
    outbox::mark_sent(&conn, b.id, now).unwrap();
    let again = outbox::claim_next(&conn, lease_end).unwrap().unwrap();
    assert_eq!((again.id, again.attempts), (first, 0));
    assert!(outbox::claim_next(&conn, lease_end).unwrap().is_none(), "a sent message is never claimed again");
}

#[tokio::test]
async fn two_workers_on_one_file_claiming_at_once_take_each_message_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    // Two handles, each with its own connections to the file, as two servers would hold.
    let (one, two) = (centre_server::db::Db::open(&path).unwrap(), centre_server::db::Db::open(&path).unwrap());
    let now = chrono::Utc::now();
    let queued: Vec<i64> = one
        .write(move |tx| {
            (0..40)
                .map(|i| {
                    outbox::enqueue(tx, record(tx), &email(&format!("m{i}@example.org")), now).map_err(AppError::from)
                })
                .collect::<Result<_, _>>()
        })
        .await
        .unwrap();
    let worker = |db: centre_server::db::Db| {
        tokio::spawn(async move {
            let mut taken = Vec::new();
            // Bounded: a claim that does not hold would hand out the same message for ever.
            while taken.len() <= 40
                && let Some(q) = db.write(move |tx| outbox::claim_next(tx, now).map_err(AppError::from)).await.unwrap()
            {
                taken.push(q.id);
            }
            taken
        })
    };
    let (a, b) = (worker(one), worker(two));
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    let mut all: Vec<i64> = a.iter().chain(&b).copied().collect();
    all.sort_unstable();
    assert_eq!(all, queued, "every message taken, none twice (first: {a:?}, second: {b:?})");
}

/// An SMTP server on loopback, plain text, that accepts every message and keeps its Subject
/// line. It greets nobody until `hold_until` connections have arrived (or 10 seconds passed), so
/// the first deliveries of the servers under test are surely under way at the same time.
struct SmtpSink {
    addr: String,
    state: Arc<(Mutex<SinkState>, Condvar)>,
}

#[derive(Default)]
struct SinkState {
    accepted: usize,
    open: usize,
    subjects: Vec<String>,
}

impl SmtpSink {
    fn start(hold_until: usize) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let state = Arc::new((Mutex::new(SinkState::default()), Condvar::new()));
        let shared = state.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (lock, changed) = &*shared;
                let mut s = lock.lock().unwrap();
                s.accepted += 1;
                s.open += 1;
                drop(s);
                changed.notify_all();
                let shared = shared.clone();
                std::thread::spawn(move || {
                    let _ = converse(stream, &shared, hold_until);
                    let (lock, changed) = &*shared;
                    lock.lock().unwrap().open -= 1;
                    changed.notify_all();
                });
            }
        });
        SmtpSink { addr, state }
    }

    /// Waits at most `limit` for `done` to hold; answers whether it did.
    fn wait_for(&self, limit: Duration, done: impl Fn(&SinkState) -> bool) -> bool {
        let (lock, changed) = &*self.state;
        let (state, waited) = changed.wait_timeout_while(lock.lock().unwrap(), limit, |s| !done(s)).unwrap();
        drop(state);
        !waited.timed_out()
    }

    fn subjects(&self) -> Vec<String> {
        self.state.0.lock().unwrap().subjects.clone()
    }
}

fn converse(stream: TcpStream, shared: &(Mutex<SinkState>, Condvar), hold_until: usize) -> std::io::Result<()> {
    let (lock, changed) = shared;
    drop(changed.wait_timeout_while(lock.lock().unwrap(), Duration::from_secs(10), |s| s.accepted < hold_until));
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    writer.write_all(b"220 sink ESMTP\r\n")?;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        match line.get(..4).unwrap_or_default().to_ascii_uppercase().as_str() {
            "DATA" => {
                writer.write_all(b"354 end with <CRLF>.<CRLF>\r\n")?;
                let mut subject = None;
                loop {
                    line.clear();
                    if reader.read_line(&mut line)? == 0 {
                        return Ok(());
                    }
                    if line.trim_end_matches(['\r', '\n']) == "." {
                        break;
                    }
                    if subject.is_none()
                        && let Some(text) = line.strip_prefix("Subject: ")
                    {
                        subject = Some(text.trim_end().to_owned());
                    }
                }
                lock.lock().unwrap().subjects.push(subject.unwrap_or_default());
                changed.notify_all();
                writer.write_all(b"250 queued\r\n")?;
            }
            "QUIT" => {
                writer.write_all(b"221 bye\r\n")?;
                return Ok(());
            }
            // EHLO, HELO, MAIL, RCPT, RSET, NOOP: all accepted.
            _ => writer.write_all(b"250 ok\r\n")?,
        }
    }
}

/// A `centre serve` process, killed and reaped if the test fails before it stops it.
struct Server(common::Process);

impl Server {
    fn start(db: &Path, smtp: &str, log: &Path) -> Server {
        let child =
            Self::command(db, smtp).stdout(std::fs::File::create(log).unwrap()).stderr(Stdio::null()).spawn().unwrap();
        Server(common::Process(child))
    }

    /// As `start`, trusting only the roots of the PEM file `ca` for the SMTP server's certificate
    /// (lettre reads the system's roots through rustls-native-certs, which honours SSL_CERT_FILE).
    fn start_trusting(db: &Path, smtp: &str, log: &Path, ca: &Path) -> Server {
        let log = std::fs::File::create(log).unwrap();
        let child = Self::command(db, smtp)
            .env("SSL_CERT_FILE", ca)
            .env_remove("SSL_CERT_DIR")
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        Server(common::Process(child))
    }

    fn command(db: &Path, smtp: &str) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_centre"));
        command
            .args(["serve", "--addr", &common::free_addr(), "--smtp-url", smtp])
            .arg("--db")
            .arg(db)
            .env("RUST_LOG", "info")
            .env_remove("CENTRE_DB");
        command
    }

    /// SIGTERM, then the exit (20 s at most): a graceful stop.
    fn stop(mut self) -> std::process::ExitStatus {
        let pid = self.0.id().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let started = Instant::now();
        loop {
            if let Some(status) = self.0.try_wait().unwrap() {
                return status;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "the server did not stop after SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Two servers started by mistake on one database file, both mail workers racing from their
/// start over the same 30 queued e-mails: each e-mail reaches the SMTP server once.
#[test]
fn two_servers_on_one_file_send_each_queued_email_once() {
    const QUEUED: usize = 30;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    // Queued before either server starts: each worker's first pass, at start, finds them all due.
    let migrated = centre_server::db::Db::open(&db).unwrap();
    let conn = migrated.connect().unwrap();
    let due = centre_core::timefmt::utc_text(chrono::Utc::now() - chrono::Duration::minutes(1));
    let expected: Vec<String> = (1..=QUEUED).map(|n| format!("Rappel de paiement {n:02}")).collect();
    for (n, subject) in expected.iter().enumerate() {
        conn.execute(
            "INSERT INTO outbox_emails (to_address, subject, body_text, next_attempt_at, created_at)
             VALUES (?1, ?2, 'Bonjour', ?3, ?3)",
            rusqlite::params![format!("membre{n}@example.org"), subject, due],
        )
        .unwrap();
    }
    drop((conn, migrated));

    let sink = SmtpSink::start(2);
    let smtp = format!("smtp://{}", sink.addr);
    let logs = [dir.path().join("one.log"), dir.path().join("two.log")];
    let servers = [Server::start(&db, &smtp, &logs[0]), Server::start(&db, &smtp, &logs[1])];
    let show_logs =
        || logs.iter().map(|l| std::fs::read_to_string(l).unwrap_or_default()).collect::<Vec<_>>().join("\n");

    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.busy_timeout(Duration::from_secs(10)).unwrap();
    let count_sent = || -> i64 {
        conn.query_row("SELECT count(*) FROM outbox_emails WHERE status = 'sent'", [], |r| r.get(0)).unwrap()
    };
    let started = Instant::now();
    assert!(
        sink.wait_for(Duration::from_secs(60), |s| s.subjects.len() >= QUEUED),
        "{:?}\n{}",
        sink.subjects(),
        show_logs()
    );
    while count_sent() < QUEUED as i64 {
        assert!(started.elapsed() < Duration::from_secs(60), "not all marked sent: {}", show_logs());
        std::thread::sleep(Duration::from_millis(20));
    }

    // Both stopped gracefully; whatever they were still sending has then arrived.
    for server in servers {
        assert!(server.stop().success(), "exit 0 after SIGTERM: {}", show_logs());
    }
    assert!(sink.wait_for(Duration::from_secs(10), |s| s.open == 0), "the servers' SMTP connections closed");
    assert!(sink.state.0.lock().unwrap().accepted >= 2, "both servers delivered: the race took place");
    let mut subjects = sink.subjects();
    subjects.sort();
    assert_eq!(subjects, expected, "each queued e-mail exactly once");
    let rows: Vec<(String, i64)> = conn
        .prepare("SELECT status, attempts FROM outbox_emails ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows, vec![("sent".to_owned(), 1); QUEUED], "each sent in one attempt");
}

/// A real SMTP server for the TLS tests: aiosmtpd (PyPI, 1.4.6, which `make setup-test` installs
/// into `target/tools/aiosmtpd`). It takes one e-mail after a login with `LOGIN`/`PASSWORD` and
/// prints, one line each, every command it receives with whether the connection was encrypted
/// then, every login attempt, every message's subject, every closed connection. Its modes:
/// `starttls` (a submission port: STARTTLS offered, nothing but EHLO, NOOP and QUIT before it,
/// AUTH offered only after it), `implicit` (TLS from the first byte, as on port 465) and `plain`
/// (no TLS at all, AUTH offered in clear: a server a password must never reach).
const AIOSMTPD: &str = r#"
import asyncio, functools, socket, ssl, sys
from aiosmtpd.smtp import SMTP, AuthResult

mode, cert, key, login, password = sys.argv[1:]

def say(*words):
    print(*words, flush=True)

def encrypted(server):
    return "tls" if server.transport.get_extra_info("ssl_object") is not None else "plain"

class Handler:
    async def handle_DATA(self, server, session, envelope):
        lines = envelope.content.decode("utf-8", "replace").splitlines()
        say("DATA", next((line[len("Subject: "):] for line in lines if line.startswith("Subject: ")), ""))
        return "250 OK"

def authenticator(server, session, envelope, mechanism, data):
    right = data.login == login.encode() and data.password == password.encode()
    say("LOGIN", encrypted(server), "right" if right else "wrong")
    return AuthResult(success=right)

class Recording(SMTP):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, method in list(self._smtp_methods.items()):
            self._smtp_methods[name] = self._recorded(name, method)

    def _recorded(self, name, method):
        @functools.wraps(method)
        async def recorded(arg):
            say("CMD", name, encrypted(self))
            await method(arg)
        return recorded

    def connection_lost(self, error):
        say("CLOSED")
        super().connection_lost(error)

async def main():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    loop = asyncio.get_running_loop()
    options = dict(hostname="sink.test", authenticator=authenticator, auth_required=True)
    if mode == "starttls":
        options.update(tls_context=context, require_starttls=True, auth_require_tls=True)
    else:
        # implicit: the whole connection is TLS; plain: AUTH is offered in clear.
        options.update(auth_require_tls=False)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    server = await loop.create_server(
        lambda: Recording(Handler(), loop=loop, **options),
        sock=sock,
        ssl=context if mode == "implicit" else None,
    )
    say("LISTENING", sock.getsockname()[1])
    await server.serve_forever()

asyncio.run(main())
"#;

/// The login the TLS tests' SMTP server accepts, and the password, as they are and as written in
/// a URL (percent-encoded: a login is often an e-mail address).
const LOGIN: &str = "centre@example.org";
const PASSWORD: &str = "s3cret/pass word";
const CREDENTIALS: &str = "centre%40example.org:s3cret%2Fpass%20word";

/// A throwaway certificate authority and a certificate it signed for 127.0.0.1, made with the
/// openssl command.
struct Certificates {
    ca: std::path::PathBuf,
    cert: std::path::PathBuf,
    key: std::path::PathBuf,
}

impl Certificates {
    fn make(dir: &Path) -> Certificates {
        let openssl = |args: &[&str]| {
            let out = Command::new("openssl").args(args).current_dir(dir).output().unwrap();
            assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        };
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
        openssl(
            &[
                &["req", "-x509"],
                &ec[..],
                &["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Centre test CA"],
            ]
            .concat(),
        );
        openssl(&[&["req"], &ec[..], &["-keyout", "key.pem", "-out", "server.csr", "-subj", "/CN=127.0.0.1"]].concat());
        std::fs::write(
            dir.join("server.ext"),
            "subjectAltName=IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        openssl(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-set_serial",
            "2",
            "-days",
            "2",
            "-extfile",
            "server.ext",
            "-out",
            "cert.pem",
        ]);
        Certificates { ca: dir.join("ca.pem"), cert: dir.join("cert.pem"), key: dir.join("key.pem") }
    }
}

/// The aiosmtpd process (killed and reaped when dropped) and the lines it printed.
struct TlsSink {
    child: Child,
    port: u16,
    lines: Arc<(Mutex<Vec<String>>, Condvar)>,
}

impl Drop for TlsSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl TlsSink {
    fn start(dir: &Path, mode: &str, certs: &Certificates) -> TlsSink {
        let python = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/tools/aiosmtpd/bin/python"));
        assert!(python.is_file(), "aiosmtpd is missing at {}: `make setup-test` installs it", python.display());
        let script = dir.join("aiosmtpd_sink.py");
        std::fs::write(&script, AIOSMTPD).unwrap();
        let mut child = Command::new(python)
            .arg(&script)
            .args([mode.as_ref(), certs.cert.as_os_str(), certs.key.as_os_str()])
            .args([LOGIN, PASSWORD])
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join("aiosmtpd.log")).unwrap())
            .spawn()
            .unwrap();
        let lines = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
        let stdout = child.stdout.take().unwrap();
        let shared = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                let (lock, changed) = &*shared;
                lock.lock().unwrap().push(line);
                changed.notify_all();
            }
        });
        let mut sink = TlsSink { child, port: 0, lines };
        assert!(
            sink.wait_for(Duration::from_secs(20), |lines| lines.first().is_some_and(|l| l.starts_with("LISTENING "))),
            "aiosmtpd did not start: {}",
            std::fs::read_to_string(dir.join("aiosmtpd.log")).unwrap_or_default()
        );
        sink.port = sink.events_with_listening()[0]["LISTENING ".len()..].parse().unwrap();
        sink
    }

    /// Waits at most `limit` for `done` to hold over the lines printed so far.
    fn wait_for(&self, limit: Duration, done: impl Fn(&[String]) -> bool) -> bool {
        let (lock, changed) = &*self.lines;
        let (lines, waited) = changed.wait_timeout_while(lock.lock().unwrap(), limit, |l| !done(l)).unwrap();
        drop(lines);
        !waited.timed_out()
    }

    fn events_with_listening(&self) -> Vec<String> {
        self.lines.0.lock().unwrap().clone()
    }

    /// What happened on the server after it started listening.
    fn events(&self) -> Vec<String> {
        self.events_with_listening().into_iter().skip(1).collect()
    }
}

/// A database with one e-mail due, queued before the server starts (its mail worker's first
/// pass finds it).
fn queue_one(db: &Path, subject: &str) {
    let migrated = centre_server::db::Db::open(db).unwrap();
    let due = centre_core::timefmt::utc_text(chrono::Utc::now() - chrono::Duration::minutes(1));
    migrated
        .connect()
        .unwrap()
        .execute(
            "INSERT INTO outbox_emails (to_address, subject, body_text, next_attempt_at, created_at)
             VALUES ('membre@example.org', ?1, 'Bonjour', ?2, ?2)",
            rusqlite::params![subject, due],
        )
        .unwrap();
}

/// The one outbox row's status, attempts and last error, once `settled` holds of them (60 s at most).
fn outbox_row_once(db: &Path, log: &Path, settled: impl Fn(&str, i64) -> bool) -> (String, i64, Option<String>) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.busy_timeout(Duration::from_secs(10)).unwrap();
    let started = Instant::now();
    loop {
        let row: (String, i64, Option<String>) = conn
            .query_row("SELECT status, attempts, last_error FROM outbox_emails", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        if settled(&row.0, row.1) {
            return row;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the outbox row stayed {row:?}: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One e-mail sent through `sink` by the real binary with `url` (`{port}` replaced by the
/// sink's); answers what the sink saw and the server's log.
fn deliver_through(mode: &str, url: &str) -> (Vec<String>, String) {
    let dir = tempfile::tempdir().unwrap();
    let certs = Certificates::make(dir.path());
    let sink = TlsSink::start(dir.path(), mode, &certs);
    let (db, log) = (dir.path().join("centre.db"), dir.path().join("centre.log"));
    let subject = format!("Confirmation {mode}");
    queue_one(&db, &subject);
    let server = Server::start_trusting(&db, &url.replace("{port}", &sink.port.to_string()), &log, &certs.ca);
    let delivered = format!("DATA {subject}");
    assert!(
        sink.wait_for(Duration::from_secs(60), |lines| lines.contains(&delivered)),
        "{:?}\n{}",
        sink.events(),
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let (status, attempts, _) = outbox_row_once(&db, &log, |status, _| status == "sent");
    assert_eq!((status.as_str(), attempts), ("sent", 1));
    assert!(server.stop().success());
    (sink.events(), std::fs::read_to_string(&log).unwrap())
}

/// The deployment guide's `smtp://user:password@host:587`: the connection turns to TLS with
/// STARTTLS before the login, which the server offers only then.
#[test]
fn a_submission_port_gets_the_password_only_after_starttls() {
    let (events, log) = deliver_through("starttls", &format!("smtp://{CREDENTIALS}@127.0.0.1:{{port}}"));
    assert_eq!(
        events.get(..9),
        Some(
            &[
                "CMD EHLO plain",
                "CMD STARTTLS plain",
                "CMD EHLO tls",
                "CMD AUTH tls",
                "LOGIN tls right",
                "CMD MAIL tls",
                "CMD RCPT tls",
                "CMD DATA tls",
                "DATA Confirmation starttls",
            ]
            .map(String::from)[..]
        ),
        "{events:?}"
    );
    assert!(!log.contains("s3cret"), "the password is never logged: {log}");
}

/// The deployment guide's `smtps://user:password@host:465`: TLS from the first byte.
#[test]
fn smtps_is_tls_from_the_first_byte() {
    let (events, log) = deliver_through("implicit", &format!("smtps://{CREDENTIALS}@127.0.0.1:{{port}}"));
    assert_eq!(
        events.get(..7),
        Some(
            &[
                "CMD EHLO tls",
                "CMD AUTH tls",
                "LOGIN tls right",
                "CMD MAIL tls",
                "CMD RCPT tls",
                "CMD DATA tls",
                "DATA Confirmation implicit",
            ]
            .map(String::from)[..]
        ),
        "{events:?}"
    );
    assert!(!log.contains("s3cret"), "the password is never logged: {log}");
}

/// A URL with a password, a server that offers no STARTTLS (and would take AUTH in clear):
/// nothing is sent, the e-mail waits with its failed attempt counted and the reason logged.
#[test]
fn a_password_never_goes_to_a_server_without_starttls() {
    let dir = tempfile::tempdir().unwrap();
    let certs = Certificates::make(dir.path());
    let sink = TlsSink::start(dir.path(), "plain", &certs);
    let (db, log) = (dir.path().join("centre.db"), dir.path().join("centre.log"));
    queue_one(&db, "Confirmation plain");
    let url = format!("smtp://{CREDENTIALS}@127.0.0.1:{}", sink.port);
    let server = Server::start_trusting(&db, &url, &log, &certs.ca);
    let (status, attempts, error) = outbox_row_once(&db, &log, |_, attempts| attempts >= 1);
    assert!(sink.wait_for(Duration::from_secs(20), |lines| lines.iter().any(|l| l == "CLOSED")), "{:?}", sink.events());
    assert!(server.stop().success());

    assert_eq!((status.as_str(), attempts), ("pending", 1), "kept for a later attempt");
    let error = error.unwrap_or_default();
    assert!(error.contains("STARTTLS is not supported"), "{error}");
    let events = sink.events();
    assert!(events.contains(&"CMD EHLO plain".to_owned()), "{events:?}");
    assert!(
        !events.iter().any(|e| e.starts_with("CMD AUTH") || e.starts_with("LOGIN") || e.starts_with("CMD MAIL")),
        "no login, no message: {events:?}"
    );
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("e-mail not delivered; will retry") && log.contains("STARTTLS is not supported"), "{log}");
    assert!(!log.contains("s3cret"), "the password is never logged: {log}");
}

/// A password with `tls=none` is refused at start, before anything is sent, the password masked.
#[test]
fn a_password_with_tls_none_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let out =
        Server::command(&dir.path().join("centre.db"), "smtp://centre:hunter2@127.0.0.1:9?tls=none").output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("--smtp-url smtp://centre:***@127.0.0.1:9?tls=none asks for tls=none"), "{stderr}");
    assert!(!stderr.contains("hunter2") && !String::from_utf8_lossy(&out.stdout).contains("hunter2"));
}

/// STARTTLS with a certificate no trusted root signed (a man in the middle's): the password is
/// not sent, the e-mail waits.
#[test]
fn a_server_whose_certificate_is_not_trusted_gets_no_password() {
    let dir = tempfile::tempdir().unwrap();
    let certs = Certificates::make(dir.path());
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let trusted_instead = Certificates::make(&other);
    let sink = TlsSink::start(dir.path(), "starttls", &certs);
    let (db, log) = (dir.path().join("centre.db"), dir.path().join("centre.log"));
    queue_one(&db, "Confirmation untrusted");
    let url = format!("smtp://{CREDENTIALS}@127.0.0.1:{}", sink.port);
    let server = Server::start_trusting(&db, &url, &log, &trusted_instead.ca);
    let (status, attempts, error) = outbox_row_once(&db, &log, |_, attempts| attempts >= 1);
    assert!(server.stop().success());
    assert_eq!((status.as_str(), attempts), ("pending", 1));
    let error = error.unwrap_or_default();
    assert!(error.contains("invalid peer certificate"), "{error}");
    let events = sink.events();
    assert!(!events.iter().any(|e| e.starts_with("CMD AUTH") || e.starts_with("LOGIN")), "{events:?}");
}
