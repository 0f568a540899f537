//! The PWA is embedded from ../pwa/dist. Make sure the folder exists so that `cargo check`,
//! clippy and tests work before the PWA is built, and rebuild when it changes.
fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pwa/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo:rerun-if-changed=../pwa/dist");
    println!("cargo:rerun-if-changed=../migrations");
}
