use std::process::ExitCode;

use centre_server::db::backup;
use centre_server::settings::{AdminCommand, Cli, Command, Settings};
use clap::Parser;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_target(false)
        // Colours for a terminal only: a log file or journald gets plain key=value lines.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .init();
    let result = match cli.command {
        Command::Serve(args) => serve(&args),
        Command::Openapi => {
            print!("{}", centre_server::openapi::document());
            Ok(())
        }
        Command::Admin(AdminCommand::Grant { user, db }) => grant_admin(&user, &db),
        Command::Backup { to, keep, db } => backup::backup(&db, &to, keep, centre_server::clock::system_now())
            .map(|path| println!("snapshot written: {}", path.display()))
            .map_err(|e| e.to_string()),
        Command::Restore { from, db, force } => backup::restore(&from, &db, force)
            .map(|()| println!("{} restored from {}", db.display(), from.display()))
            .map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("centre: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn serve(args: &centre_server::settings::ServeArgs) -> Result<(), String> {
    let settings = Settings::from_args(args).map_err(|e| e.to_string())?;
    tracing::info!(settings = %settings.summary(), "starting centre {}", env!("CARGO_PKG_VERSION"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let shutdown = shutdown_signal();
        let addr = settings.addr;
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| match e.kind() {
            std::io::ErrorKind::AddrInUse => {
                format!("the address {addr} is already in use (is another centre running?)")
            }
            _ => format!("cannot listen on {addr}: {e}"),
        })?;
        let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings))
            .await
            .map_err(|e| format!("start-up task failed: {e}"))?
            .map_err(|e| e.to_string())?;
        let db = state.db.clone();
        state.mailer.spawn_worker(db.clone());
        state.auth.spawn_session_cleanup();
        centre_server::scheduler::spawn(state.clone());
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!("listening on http://{local}");
        if let Some(metrics_addr) = state.settings.metrics_addr {
            serve_metrics(metrics_addr, centre_server::metrics::router(state.db.clone(), state.metrics.clone()))
                .await?;
        }
        centre_server::net::check_open_files(state.settings.connections);
        let live = state.live.clone();
        centre_server::router::serve_app(listener, state, async move {
            shutdown.await;
            // Open live pages would otherwise keep the graceful stop waiting.
            live.close();
        })
        .await;
        tracing::info!("shutting down: checkpointing the database");
        let checkpoint = tokio::task::spawn_blocking(move || db.checkpoint()).await.map_err(|e| e.to_string())?;
        match checkpoint {
            Ok(true) => {}
            Ok(false) => {
                tracing::info!("the WAL is still read by another process (Litestream): it checkpoints it itself")
            }
            // Every write is already safe in the WAL, which the next start reads: a stop on a
            // full disk is still a clean stop, not a failed service.
            Err(e) => tracing::warn!(error = %e, "the WAL could not be checkpointed: it is kept for the next start"),
        }
        Ok(())
    })
}

/// The /metrics listener, on its own address; it stops with the process.
async fn serve_metrics(addr: std::net::SocketAddr, router: axum::Router) -> Result<(), String> {
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr} for metrics: {e}"))?;
    tracing::info!("metrics on http://{addr}/metrics");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the metrics listener stopped");
        }
    });
    Ok(())
}

/// `centre admin grant <email or id>`: bootstrap or repair the admin list from the server.
fn grant_admin(who: &str, db: &std::path::Path) -> Result<(), String> {
    let who = who.trim();
    if who.contains('@') && centre_core::validation::Email::parse(who).is_err() {
        return Err(format!("'{who}' is not a valid e-mail address"));
    }
    let mut conn = centre_server::db::Db::open(db).and_then(|db| db.connect()).map_err(|e| e.to_string())?;
    // One write transaction, like the server's: the account and its grant land together.
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(|e| e.to_string())?;
    let now = centre_core::timefmt::utc_text(centre_server::clock::system_now());
    match centre_server::db::users::grant_admin_from_cli(&tx, who, &now) {
        Ok(user) => {
            tx.commit().map_err(|e| format!("granting admin failed: {e}"))?;
            println!("admin granted to {} (id {})", user.email.as_deref().unwrap_or("(no address)"), user.id);
            Ok(())
        }
        Err(centre_server::db::users::GrantError::UnknownUser) => {
            Err(format!("no user with id '{who}' (give an e-mail address to grant before the first sign-in)"))
        }
        Err(e) => Err(format!("granting admin failed: {e}")),
    }
}

/// Waits for a signal on `stream`; forever when its handler could not be installed.
#[cfg(unix)]
async fn received(stream: Option<&mut tokio::signal::unix::Signal>) {
    match stream {
        Some(s) => {
            s.recv().await;
        }
        None => std::future::pending::<()>().await,
    }
}

/// Installs the handlers for SIGTERM and Ctrl-C now, and answers the wait for either. Installed
/// first thing, before the workers start: a stop asked while the server starts (a service
/// manager, a test) is then a clean stop once it is up, not a kill by the signal's default.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let (mut terminate, mut interrupt) = {
        use tokio::signal::unix::{SignalKind, signal};
        (signal(SignalKind::terminate()).ok(), signal(SignalKind::interrupt()).ok())
    };
    async move {
        #[cfg(unix)]
        {
            tokio::select! {
                () = received(terminate.as_mut()) => {},
                () = received(interrupt.as_mut()) => {},
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        tracing::info!("signal received: finishing in-flight requests");
    }
}
