// The one sync engine (src/sync/engine.ts), with the score stream registered.
import './push';

export { FIRST_DELAY_MS, kickSync, LOCK_NAME, startSync, subscribeSync, syncState, type SyncState } from '../../../sync/engine';
