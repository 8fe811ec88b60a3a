/**
 * A configuration that cannot run: names every variable at fault and never echoes their values. In a module
 * of its own so that what config.ts reads (delivery-retention.ts, and through db.ts connections.ts, which
 * throws it for a connection setting) can use it without importing config.ts back.
 */
export class ConfigError extends Error {
  public readonly variables: string[];

  constructor(variables: string[], detail: string) {
    super(`Invalid configuration: ${detail}`);
    this.variables = variables;
    this.name = 'ConfigError';
  }
}
