import type { Queryable } from '@sh/shared/server';

/** Stores a callback request; answers its id. */
export async function insertCallbackRequest(
  db: Queryable,
  request: {
    fullName: string;
    garageName: string;
    phone: string;
    bestTime: string;
    message: string | null;
    submittedBy: string | null;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO callback_requests (full_name, garage_name, phone, best_time, message, submitted_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [request.fullName, request.garageName, request.phone, request.bestTime, request.message, request.submittedBy],
  );
  return rows[0]!.id;
}
