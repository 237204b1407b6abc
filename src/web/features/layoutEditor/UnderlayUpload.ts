/** Sends a plan image to the server (POST /api/floorplans/{id}/underlays): the file's bytes as the body. */
import { UNDERLAY_UPLOAD, type UnderlayImage } from '../../../domain/layout/underlay.js';
import { apiFetch } from '../../app/api.js';

/** The server's limit, said before sending 10 MB for nothing. */
export const tooBigMessage = (file: File): string | null =>
  file.size > UNDERLAY_UPLOAD.maxUploadBytes ? `The file is larger than ${UNDERLAY_UPLOAD.maxUploadBytes / 1024 / 1024} MB` : null;

export const uploadUnderlay = (floorplanId: number, file: File) =>
  // octet-stream whatever the file's name says: the server recognises the image by its bytes.
  apiFetch<UnderlayImage>(`/api/floorplans/${floorplanId}/underlays`, {
    method: 'POST', body: file, headers: { 'Content-Type': 'application/octet-stream' },
  });
