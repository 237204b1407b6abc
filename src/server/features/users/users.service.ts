import type pg from 'pg';
import type { z } from 'zod';
import { hashPassword } from '../../auth/passwords.js';
import { conflict } from '../../http/errors.js';
import { findUserByEmail, insertUser } from './users.repo.js';
import type { PreRegisterBody } from './users.schemas.js';

export async function preRegister(pool: pg.Pool, body: z.infer<typeof PreRegisterBody>) {
  if (await findUserByEmail(pool, body.Email)) throw conflict('A person with this e-mail address already exists.');
  const passwordHash = body.Password ? await hashPassword(body.Password) : null;
  const id = await insertUser(pool, { email: body.Email, fullName: body.FullName, passwordHash, expectsSso: body.ExpectsSso ?? true });
  return { Id: id, Email: body.Email.trim(), FullName: body.FullName };
}
