// oidc-provider ships no type declarations; this covers the little the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** `use` is 'id_token' or 'userinfo': what the claims are for. */
  interface Account { accountId: string; claims: (use: string, scope: string) => Promise<Record<string, unknown>> }
  interface Interaction { uid: string; params: Record<string, unknown>; prompt: { name: string } }
  interface GrantInstance { addOIDCScope(scope: string): void; save(): Promise<string> }

  export default class Provider {
    constructor(issuer: string, configuration: {
      clients?: Record<string, unknown>[];
      findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
      [option: string]: unknown;
    });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: new (init: { accountId: string; clientId: string }) => GrantInstance;
  }
}
