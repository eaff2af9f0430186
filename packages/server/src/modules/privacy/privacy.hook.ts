import { seesLiving } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { viewerOfRequest } from '../../http/session.ts';
import { privateMediaIds } from '../media/media.privacy.ts';
import { findPrivateIds } from './privacy.repository.ts';
import { collectIds, isEmpty, portraitHolders, redactAnswer } from './redact.ts';

/**
 * A portrait left in the answer (of a person presumed dead) whose image is linked to anyone living
 * is nulled too: the visitor could not load its file (issue 22). Two statements when there are any.
 */
async function hidePrivatePortraits(db: Db, treeId: string, answer: unknown, livingYears: number) {
  const holders = portraitHolders(answer);
  if (holders.length === 0) return;
  const hidden = await privateMediaIds(db, treeId, [...new Set(holders.map((h) => h.mediaId))], livingYears);
  for (const { holder, mediaId } of holders) if (hidden.has(mediaId)) holder.portrait = null;
}

/**
 * The one read path of privacy: every answer of every tree route (`/api/:treeId/…`) passes here
 * before it is serialised, and unless the tree gate said during this request that the viewer sees
 * the living (the owner or a member), the living persons in it (and their events, notes and citations) are redacted. A route
 * cannot forget it, and a route that never asked the gate is treated as a visitor's.
 */
export function registerPrivacy(app: FastifyInstance, db: Db, livingYears: number) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || typeof payload !== 'object' || payload === null) return payload;
    if (!request.routeOptions.url?.startsWith('/api/:treeId/')) return payload;
    const treeId = (request.params as { treeId?: unknown }).treeId;
    if (typeof treeId !== 'string') return payload;
    const viewer = await viewerOfRequest(request);
    if (seesLiving(viewer?.roles.get(treeId))) return payload;
    const ids = collectIds(payload);
    ids.delete(treeId.toLowerCase());
    if (ids.size === 0) return payload;
    const found = await findPrivateIds(db, treeId, [...ids], livingYears);
    const answer = isEmpty(found) ? payload : redactAnswer(payload, found);
    await hidePrivatePortraits(db, treeId, answer, livingYears);
    return answer;
  });
}
