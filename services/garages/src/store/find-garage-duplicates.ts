import type { Queryable } from '@sh/shared/server';

/** Which of a new garage's unique details another garage already has. */
export interface GarageDuplicates {
  hasEmailDuplicate: boolean;
  hasCompanyDuplicate: boolean;
}

/** Whether a garage already has this e-mail, and whether one already has this company number. */
export async function findGarageDuplicates(
  db: Queryable,
  email: string,
  companyNumber: string,
): Promise<GarageDuplicates> {
  const { rows } = await db.query<{ has_email: boolean; has_company: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM garages WHERE email = $1) AS has_email,
            EXISTS (SELECT 1 FROM garages WHERE companies_house_number = $2) AS has_company`,
    [email, companyNumber],
  );
  return { hasEmailDuplicate: rows[0]!.has_email, hasCompanyDuplicate: rows[0]!.has_company };
}
