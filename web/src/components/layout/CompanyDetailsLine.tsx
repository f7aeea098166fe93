import { companyLine } from '../../lib/company-details';

/** The footer's line naming who runs the site, from the build's configuration (loaded after the frame: route-pages.ts). */
export function CompanyDetailsLine() {
  return <p data-company-details>{companyLine()}</p>;
}
