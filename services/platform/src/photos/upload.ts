import type { FastifyInstance, FastifyRequest } from 'fastify';
import { photoMessages } from '@reproute/contracts';
import { badRequest } from '../errors.ts';

export interface UploadLimits {
  /** Bytes per file. */
  fileSize: number;
  /** Files per request. */
  files: number;
  fields: number;
  parts: number;
  /** The message when a request carries more files or parts than allowed. */
  tooMany: string;
}

/**
 * The uploaded files of a multipart request (@fastify/multipart registered on `app`), each read whole. Anything
 * wrong with the request is a 400 with the photo messages, never a 500: not multipart, a `multipart/form-data`
 * without its boundary (busboy's "Multipart: Boundary not found"), a file too large, too many files or parts,
 * or no file at all. Listing photos (catalog) and review photos (engagement) are read through this.
 */
export async function uploadedFiles(app: FastifyInstance, request: FastifyRequest, limits: UploadLimits): Promise<{ name: string; data: Buffer }[]> {
  if (!request.isMultipart()) throw badRequest(photoMessages.missing);
  const files: { name: string; data: Buffer }[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileSize, files: limits.files, fields: limits.fields, parts: limits.parts } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (data.length > 0 || part.filename) files.push({ name: part.filename, data });
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw badRequest(photoMessages.tooLarge);
    if (error instanceof app.multipartErrors.FilesLimitError || error instanceof app.multipartErrors.PartsLimitError) throw badRequest(limits.tooMany);
    if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError) throw badRequest(photoMessages.missing);
    // The multipart parser's own refusals of a malformed body (no boundary, a cut-off part).
    if (error instanceof Error && error.message.startsWith('Multipart: ')) throw badRequest(photoMessages.missing);
    throw error;
  }
  if (files.length === 0) throw badRequest(photoMessages.missing);
  return files;
}
