import { Link } from 'react-router-dom';
import { BRAND } from '../../brand';
import { CompanyDetailsLine } from '../../lib/company-details';
import { Logo } from './Logo';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/lookup', label: 'Check a vehicle' },
      { to: '/garages/find', label: 'Find a garage' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/signup', label: 'Register your garage' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/contact', label: 'Contact' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const;

/**
 * What the site footer holds: what the product is, links to the information pages, the copyright line and who runs the
 * site. It loads just after the frame (route-pages.ts), inside the footer the frame draws at once.
 */
export function FooterContent() {
  return (
    <>
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <Logo tone="light" />
          <p>
            The digital MOT for your car&apos;s service history. Garages log every service; anyone can check a
            vehicle&apos;s record for free.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2 className="site-footer__title">{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__legal">
        <p>{`© ${__BUILD_YEAR__} ${BRAND.name}. All rights reserved.`}</p>
        <CompanyDetailsLine />
      </div>
    </>
  );
}
