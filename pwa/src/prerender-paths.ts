/** Paths whose server HTML is the prerendered landing page (index.html); every other client
 *  route is served the empty shell (shell.html). The server (web.rs) uses the same list. */
export const PRERENDERED_PATHS = ['/', '/home'];
