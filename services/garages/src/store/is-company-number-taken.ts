import type { Queryable } from '@sh/shared/server';

/** Whether a garage already holds this Companies House number. */
export async function isCompanyNumberTaken(db: Queryable, companyNumber: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM garages WHERE companies_house_number = $1) AS taken',
    [companyNumber],
  );
  return rows[0]!.taken;
}
