import type { Plugin } from 'vite';

/** Writes brotli (quality 11) and gzip (level 9) variants beside dist's compressible files. */
export function precompress(dist: string): { count: number; before: number; after: number };
export function brotli(data: Uint8Array): Buffer;
export function gzip(data: Uint8Array): Buffer;
/** The Vite plugin: precompresses the output after everything else was written. */
export function precompressDist(): Plugin;
