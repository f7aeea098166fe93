import { Link } from 'react-router-dom';
import { SUPPORT_HOURS, SUPPORT_REPLY_HOURS } from '@sh/shared/contract';
import { FactList } from '../components/FactList';
import { ClockIcon, GarageIcon, NoteIcon, SearchIcon } from '../components/icons';
import { HeroPage } from '../components/HeroPage';
import { useDocumentTitle } from '../lib/use-document-title';

const TOPICS = [
  {
    icon: SearchIcon,
    title: 'Checking a vehicle',
    text: 'How searches work, why a car may have no records, and what the mileage warning means.',
    to: '/faq',
    link: 'Read the FAQ',
  },
  {
    icon: GarageIcon,
    title: 'Setting up your garage',
    text: 'Registering, verifying your company and logging your first service.',
    to: '/getting-started',
    link: 'Open the getting-started guide',
  },
  {
    icon: NoteIcon,
    title: 'Plans and billing',
    text: 'What the plan includes, the free trial, and how cancelling works.',
    to: '/pricing',
    link: 'See pricing',
  },
] as const;

/** /support: the support centre, with opening hours, response times and where to find help. */
export function SupportPage() {
  useDocumentTitle('Support centre');
  return (
    <HeroPage
      isWide
      eyebrow="Support centre"
      title="How can we help?"
      lead="Find an answer in our guides, or contact our team."
    >
      <ul className="topic-grid">
        {TOPICS.map((topic) => (
          <li key={topic.title} className="topic">
            <span className="reason__icon">
              <topic.icon size={24} />
            </span>
            <h2>{topic.title}</h2>
            <p>{topic.text}</p>
            <Link to={topic.to} className="text-link">
              {topic.link} <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="support-contact card">
        <div className="support-contact__text">
          <h2>Contact support</h2>
          <p>
            Send us a message and tell us your garage name or the registration you are asking about. We reply within{' '}
            {SUPPORT_REPLY_HOURS} hours on working days.
          </p>
          <Link to="/contact" className="button button--primary">
            Send a message
          </Link>
        </div>
        <FactList
          facts={[
            { icon: ClockIcon, term: 'Opening hours', detail: `${SUPPORT_HOURS}, excluding bank holidays` },
            { icon: NoteIcon, term: 'Response time', detail: `Within ${SUPPORT_REPLY_HOURS} hours` },
            {
              icon: GarageIcon,
              term: 'New garage set-up',
              detail:
                'Your company number is checked with Companies House as you register; confirm your e-mail and start your plan, and you can log services straight away',
            },
          ]}
        />
      </div>
    </HeroPage>
  );
}
