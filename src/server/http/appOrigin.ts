import type { Config } from '../config.js';

/** The origin the app is reached at: PUBLIC_URL's when set, else the one this request came to. */
export const appOrigin = (config: Pick<Config, 'publicUrl'>, request: { protocol: string; host: string }): string =>
  config.publicUrl?.origin ?? `${request.protocol}://${request.host}`;
