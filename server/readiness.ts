/**
 * Whether this instance should be sent traffic, besides whether its database answers (/health asks
 * that itself): its migrations are applied, and it is not draining before a shutdown.
 */
export class Readiness {
  /** False while a server on PostgreSQL waits for its database or for the migration lock. */
  migrated: boolean;
  /** True from SIGTERM/SIGINT on: /health answers 503 so balancers stop sending requests. */
  draining = false;

  constructor({ migrated = true }: { migrated?: boolean } = {}) {
    this.migrated = migrated;
  }
}
