import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Booking } from '../../../domain/wire/bookings.js';
import { IdParam } from '../../../domain/wire/common.js';
import { PendingApprovalsCount, RejectInput } from '../../../domain/wire/roomBooking.js';
import { PendingApproval } from '../../../domain/wire/seriesManage.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { approveBooking, pendingApprovalCount, pendingApprovals, rejectBooking } from './approvals.service.js';

/** Booking Approval (SPEC 2.6): room approvers (and Admins) decide requests for restricted rooms. */
export const approvalsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['approvals'];

  app.get('/api/bookings/pendingApprovals', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'Pending requests of the rooms the caller approves (Admins: all)', response: { 200: z.array(PendingApproval) } },
  }, async (request) => pendingApprovals(deps, requireUser(request)));

  app.get('/api/bookings/pendingApprovals/count', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'How many requests wait for the caller', response: { 200: PendingApprovalsCount } },
  }, async (request) => pendingApprovalCount(deps, requireUser(request)));

  app.post('/api/bookings/approve/:id', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'Approve a pending request (its room admins, Admins)', params: IdParam, response: { 200: Booking } },
  }, async (request) => approveBooking(deps, requireUser(request), request.params.id));

  app.post('/api/bookings/reject/:id', {
    config: { access: 'roomApprover' },
    schema: { tags, summary: 'Reject a pending request with a reason (its room admins, Admins)', params: IdParam, body: RejectInput, response: { 200: Booking } },
  }, async (request) => rejectBooking(deps, requireUser(request), request.params.id, request.body));
};
