import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { authOf } from './sessions';

/** Trainer calls only (trainer portal 6): staff and operators get 403. */
export const requireTrainer: RequestHandler = (req, _res, next) => {
  if (authOf(req).role !== 'trainer') return next(new HttpError(403, 'trainerAccount.trainerOnly'));
  next();
};

/** `{user}` / `{userId}` must be the caller's own uuid (x-user): a trainer reaches only their own data. */
export const requireOwnUser: RequestHandler = (req, _res, next) => {
  const user = req.params.user ?? req.params.userId;
  if (user !== authOf(req).userUuid) return next(new HttpError(403, 'auth.notYourAccount'));
  next();
};
