import type { FastifyReply } from 'fastify';

/** Answers `data` as a downloadable JSON file named `fileName` (a plain ASCII name). */
export const sendJsonAttachment = (reply: FastifyReply, fileName: string, data: unknown) =>
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(JSON.stringify(data, null, 2));
