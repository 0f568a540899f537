import type { Plugin } from 'vite';

/** Prerenders the landing page into index.html and emits shell.html (see prerender.mjs). */
export function prerenderLanding(): Plugin;
