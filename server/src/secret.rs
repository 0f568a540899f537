//! The key that seals payers' social insurance numbers (SIN) at rest: AES-256-GCM (`ring`), a
//! random 96-bit nonce per value, the registration's id as associated data (a sealed number
//! copied onto another registration does not open). The key lives in a file outside the
//! database and its Litestream replica (`--secret-key-file`): losing it loses the numbers only.
//!
//! The file holds 64 hexadecimal characters (`openssl rand -hex 32`), a trailing newline
//! allowed. With `--dev-login` and no file named, a development key is made beside the
//! database (`secret.key`) when missing.

use std::path::{Path, PathBuf};

use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};

/// Why the key could not be loaded, or a number not opened.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("cannot read the secret key file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write the development secret key file {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error(
        "the secret key file {0} must hold 64 hexadecimal characters (32 bytes), e.g. made by `openssl rand -hex 32`"
    )]
    Malformed(PathBuf),
    #[error(
        "the database holds sealed social insurance numbers but no --secret-key-file (CENTRE_SECRET_KEY_FILE) is set: start with the key file that sealed them (deploy/README.md, 'The secret key')"
    )]
    Missing,
    #[error("a sealed social insurance number does not open with this key (another key file, or the data was altered)")]
    WrongKey,
    #[error("no random source for a nonce")]
    Random,
}

/// The loaded key. Its `Debug` never shows it.
pub struct SinKey {
    key: LessSafeKey,
    rng: SystemRandom,
}

impl std::fmt::Debug for SinKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SinKey(***)")
    }
}

fn from_hex(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl SinKey {
    /// Reads the key from `path`.
    pub fn load(path: &Path) -> Result<SinKey, SecretError> {
        let text =
            std::fs::read_to_string(path).map_err(|source| SecretError::Read { path: path.to_owned(), source })?;
        let bytes = from_hex(&text).ok_or_else(|| SecretError::Malformed(path.to_owned()))?;
        SinKey::from_bytes(&bytes).ok_or_else(|| SecretError::Malformed(path.to_owned()))
    }

    /// Reads the development key at `path`, or makes one there (mode 0600) when missing; true
    /// when it was made.
    pub fn load_or_make(path: &Path) -> Result<(SinKey, bool), SecretError> {
        if path.exists() {
            return SinKey::load(path).map(|k| (k, false));
        }
        let mut bytes = [0u8; 32];
        SystemRandom::new().fill(&mut bytes).map_err(|_| SecretError::Random)?;
        let write = |source| SecretError::Write { path: path.to_owned(), source };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(write)?;
        }
        write_private(path, &format!("{}\n", to_hex(&bytes))).map_err(write)?;
        SinKey::load(path).map(|k| (k, true))
    }

    fn from_bytes(bytes: &[u8; 32]) -> Option<SinKey> {
        let key = UnboundKey::new(&AES_256_GCM, bytes).ok()?;
        Some(SinKey { key: LessSafeKey::new(key), rng: SystemRandom::new() })
    }

    /// The number sealed for `registration_id`: nonce, then ciphertext and tag.
    pub fn seal(&self, registration_id: i64, digits: &str) -> Result<Vec<u8>, SecretError> {
        let mut nonce = [0u8; NONCE_LEN];
        self.rng.fill(&mut nonce).map_err(|_| SecretError::Random)?;
        let mut data = digits.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(registration_id.to_be_bytes()),
                &mut data,
            )
            .map_err(|_| SecretError::Random)?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&data);
        Ok(out)
    }

    /// The digits sealed by [`SinKey::seal`] for `registration_id`.
    pub fn open(&self, registration_id: i64, sealed: &[u8]) -> Result<String, SecretError> {
        if sealed.len() < NONCE_LEN {
            return Err(SecretError::WrongKey);
        }
        let (nonce, data) = sealed.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| SecretError::WrongKey)?;
        let mut data = data.to_vec();
        let clear = self
            .key
            .open_in_place(nonce, Aad::from(registration_id.to_be_bytes()), &mut data)
            .map_err(|_| SecretError::WrongKey)?;
        String::from_utf8(clear.to_vec()).map_err(|_| SecretError::WrongKey)
    }
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

/// Where the development key goes: beside the database.
pub fn dev_key_path(db: &Path) -> PathBuf {
    db.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("secret.key"), |d| d.join("secret.key"))
}

/// The key the server runs with: the file named, else (development sign-in only) the
/// development key, made if missing. Without either, `None`, unless the database already holds
/// a sealed number (`sealed`: its registration and bytes): then starting would leave them
/// unreadable, so it fails; as it does when the key does not open that number.
pub fn key_at_start(
    file: Option<&Path>,
    dev_login: bool,
    db: &Path,
    sealed: Option<(i64, &[u8])>,
) -> Result<Option<SinKey>, SecretError> {
    let key = chosen_key(file, dev_login, db, sealed.is_some())?;
    if let (Some(key), Some((registration_id, bytes))) = (&key, sealed) {
        key.open(registration_id, bytes)?;
    }
    Ok(key)
}

fn chosen_key(
    file: Option<&Path>,
    dev_login: bool,
    db: &Path,
    has_sealed: bool,
) -> Result<Option<SinKey>, SecretError> {
    if let Some(path) = file {
        return SinKey::load(path).map(Some);
    }
    if dev_login {
        let path = dev_key_path(db);
        let (key, made) = SinKey::load_or_make(&path)?;
        if made {
            tracing::warn!(path = %path.display(), "made a development secret key for social insurance numbers (never use it in production: set --secret-key-file)");
        } else {
            tracing::info!(path = %path.display(), "using the development secret key for social insurance numbers");
        }
        return Ok(Some(key));
    }
    if has_sealed {
        return Err(SecretError::Missing);
    }
    tracing::warn!(
        "no --secret-key-file: payers' social insurance numbers cannot be entered (they are refused with 503 sin_unavailable)"
    );
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_numbers_open_only_for_their_registration_and_key() {
        let key = SinKey::from_bytes(&[7; 32]).expect("key");
        let other = SinKey::from_bytes(&[8; 32]).expect("key");
        let sealed = key.seal(41, "046454286").expect("sealed");
        assert_eq!(sealed.len(), 12 + 9 + 16);
        assert!(!sealed.windows(9).any(|w| w == b"046454286"));
        assert_eq!(key.open(41, &sealed).ok().as_deref(), Some("046454286"));
        assert!(matches!(key.open(42, &sealed), Err(SecretError::WrongKey)));
        assert!(matches!(other.open(41, &sealed), Err(SecretError::WrongKey)));
        assert_ne!(key.seal(41, "046454286").ok(), Some(sealed), "a fresh nonce each time");
    }

    #[test]
    fn the_start_needs_the_key_that_sealed_the_numbers() {
        let dir = std::env::temp_dir().join(format!("centre-secret-{}", std::process::id()));
        let db = dir.join("centre.db");
        let dev = SinKey::load_or_make(&dev_key_path(&db)).expect("dev key").0;
        let sealed = dev.seal(3, "046454286").expect("sealed");
        // No key in production: fine on an empty database, refused once numbers are stored.
        assert!(matches!(key_at_start(None, false, &db, None), Ok(None)));
        assert!(matches!(key_at_start(None, false, &db, Some((3, &sealed))), Err(SecretError::Missing)));
        // The development key that sealed them opens them; another key file is refused.
        assert!(matches!(key_at_start(None, true, &db, Some((3, &sealed))), Ok(Some(_))));
        let other = dir.join("other.key");
        std::fs::write(&other, "ab".repeat(32)).expect("written");
        assert!(matches!(key_at_start(Some(&other), false, &db, Some((3, &sealed))), Err(SecretError::WrongKey)));
        std::fs::write(&other, "not a key").expect("written");
        assert!(matches!(key_at_start(Some(&other), false, &db, None), Err(SecretError::Malformed(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_key_file_is_64_hex_characters() {
        assert!(from_hex(&format!("{}\n", "ab".repeat(32))).is_some());
        assert!(from_hex(&"ab".repeat(31)).is_none());
        assert!(from_hex(&"zz".repeat(32)).is_none());
    }
}
