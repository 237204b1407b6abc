import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { RoomBookingAddress, RoomBookingAddressInput } from '../../../domain/wire/roomBookingAddress.js';
import type { AppDeps } from '../../deps.js';
import { bookingAddressOf, changeBookingAddress } from './roomAddress.service.js';

/**
 * A room's booking address (issue 23): admins only, like the rest of a room's setup. Nobody else sees
 * it here (it is not secret, being what people invite, but it is configuration).
 */
export const roomAddressRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['rooms'];
  app.get('/api/rooms/:id/bookingAddress', {
    config: { access: 'admin' },
    schema: { tags, summary: 'The address that books this room when invited (set, derived from the pattern, in effect)', params: IdParam, response: { 200: RoomBookingAddress } },
  }, async (request) => bookingAddressOf(deps, request.params.id));

  app.put('/api/rooms/:id/bookingAddress', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Set (or with null clear) the room\'s booking address; 409 when another room has it', params: IdParam, body: RoomBookingAddressInput, response: { 200: RoomBookingAddress } },
  }, async (request) => changeBookingAddress(deps, request.params.id, request.body));
};
