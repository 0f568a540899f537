// The only importer of core-wasm. The module loads lazily, off the landing page's critical
// path, once; every caller awaits the same promise.
type CoreModule = typeof import('./pkg/centre_core_wasm.js');

let loading: Promise<CoreModule> | null = null;

export function loadCore(): Promise<CoreModule> {
  if (!loading) {
    loading = import('./pkg/centre_core_wasm.js').then(async (mod) => {
      await mod.default();
      return mod;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The catalogue message for an error code, in the given language. */
export async function coreMessage(code: string, lang: string): Promise<string> {
  const core = await loadCore();
  return core.message(code, lang);
}
