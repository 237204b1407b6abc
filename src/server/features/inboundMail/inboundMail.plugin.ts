import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import type { InboundListener } from './inboundListener.js';
import { roomAddressRoutes } from './roomAddress.routes.js';

/**
 * Booking a room by inviting it (issue 23): the admin routes for rooms' addresses, and, when
 * INBOUND_SMTP_PORT is set, the SMTP listener, started with the app and stopped with it. The job that
 * processes what it receives is in jobs/registry.ts (inboundMail.job.ts).
 */
export const inboundMailPlugin = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  await app.register(roomAddressRoutes(deps));
  const cfg = deps.config.inbound;
  if (!cfg) return;
  let listener: InboundListener | undefined;
  app.addHook('onReady', async () => {
    // Imported only when the listener is configured: smtp-server stays out of instances that do not listen.
    const { startInboundListener } = await import('./inboundListener.js');
    listener = await startInboundListener(deps.pool, cfg, app.log);
    app.log.info({ host: cfg.host, port: listener.port }, 'inbound invitation listener is running');
  });
  app.addHook('onClose', async () => { await listener?.close(); });
};
