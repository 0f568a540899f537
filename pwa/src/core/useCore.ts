// core-wasm for a component that draws from its rules (the console's payment actions, the
// schedule's score and correction buttons): the loaded module, or null while it loads (the
// component then draws none of what depends on it). Loads it once, through `loadCore()`.
import { useEffect, useState } from 'react';
import { loadCore, loadedCore, type CoreModule } from './index';

export function useCore(): CoreModule | null {
  const [core, setCore] = useState<CoreModule | null>(loadedCore);
  useEffect(() => {
    if (core) return;
    let current = true;
    loadCore().then(
      (mod) => {
        if (current) setCore(mod);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [core]);
  return core;
}
