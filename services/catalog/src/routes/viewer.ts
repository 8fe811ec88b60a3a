import type { FastifyRequest } from 'fastify';
import { messages } from '@reproute/contracts';
import { notFound } from '@reproute/platform';
import type { Viewer } from '../domain/hotel.ts';

export function viewerOf(request: FastifyRequest): Viewer | null {
  return request.user ? { id: request.user.id, email: request.user.email, roles: request.user.roles, organisation: request.user.organisation } : null;
}

/** A numeric hotel id from the path; anything else is an unknown hotel. */
export function hotelIdParam(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(messages.hotelNotFound);
  return id;
}
