export interface ConnectivityInput {
  /** navigator.onLine at start-up. */
  readonly online: boolean;
}

export type ConnectivityEvent = { type: 'connection.lost' } | { type: 'connection.restored' };
