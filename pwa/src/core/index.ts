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

/**
 * The user id typed into the Administrateurs or Superviseurs tab (trimmed, not blank), checked by
 * centre-core: the translated message per field, empty when valid.
 */
export async function validateUserId(userId: string, lang: string): Promise<Record<string, string>> {
  const core = await loadCore();
  const answer = JSON.parse(core.validateUserId(userId, lang)) as { ok: boolean; fieldErrors?: Record<string, string> };
  return answer.ok ? {} : (answer.fieldErrors ?? {});
}
