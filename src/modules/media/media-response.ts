import type { Response } from 'express';
import { sendRedirect } from '../../common/http/safe-redirect';
import type { MediaResult } from './media.service';

/** Sends a media answer: the image, a 304, a 301 to the current version, or a small plain 404. */
export function sendMediaResult(res: Response, result: MediaResult): void {
  switch (result.kind) {
    case 'image':
      res.status(200).set(result.headers).send(result.body);
      return;
    case 'not-modified':
      res.status(304).set(result.headers).end();
      return;
    case 'redirect':
      sendRedirect(res, 301, result.location);
      return;
    case 'not-found':
      res.status(404).set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
  }
}
