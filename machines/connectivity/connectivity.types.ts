export interface ConnectivityInput {
  /** navigator.onLine at start-up. */
  readonly online: boolean;
}

export type ConnectivityEvent = { type: 'connection.lost' } | { type: 'connection.restored' };

/** Told to whoever listens (`actor.on`): the connection is back after the browser was offline. */
export type ConnectivityEmitted = { type: 'connection.back' };
