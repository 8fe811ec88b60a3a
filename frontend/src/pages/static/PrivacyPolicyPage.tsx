import { Link } from 'react-router-dom';
import { LegalDocument, type LegalSection } from '@/components/static/LegalDocument';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { LEGAL_LAST_UPDATED } from './TermsOfServicePage';

const link = 'font-medium text-ocean-700 underline';

const sections: LegalSection[] = [
  {
    id: 'collected',
    title: 'Information We Collect',
    body: (
      <ul>
        <li>Account details: your name, email address and, for providers, company name and business phone.</li>
        <li>Content you share: reviews, favourites, listings and messages you send us.</li>
        <li>Referral details: when you choose to book, the hotel, your travel dates and number of guests.</li>
        <li>Usage data: pages viewed and searches made, recorded only with your consent.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To run the service: sign-in, favourites, reviews and provider listings.</li>
        <li>To send your enquiry to a hotel as a lead when you ask us to.</li>
        <li>To answer your messages and send account emails such as password resets.</li>
        <li>To understand how RepRoute is used and improve it.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Information Sharing',
    body: (
      <p>
        We share your contact details with a hotel only when you express interest in it. We use service providers (hosting, email delivery) under contract. We never sell your personal information.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: <p>Passwords are stored hashed, connections are encrypted, and access to personal data is limited to the people who need it. No system is perfectly secure, so please use a strong, unique password.</p>,
  },
  {
    id: 'rights',
    title: 'Your Rights',
    body: (
      <p>
        You may access, correct or delete your personal data, object to its use, and withdraw consent at any time. To make a request, email{' '}
        <a className={link} href="mailto:privacy@reproute.example">
          privacy@reproute.example
        </a>{' '}
        or use our{' '}
        <Link className={link} to="/contact-us">
          contact form
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Essential cookies keep you signed in and remember your cookie choice. Analytics, marketing and functional cookies are used only with your consent; change your choice any time on the{' '}
        <Link className={link} to="/cookie-preferences">
          cookie preferences
        </Link>{' '}
        page.
      </p>
    ),
  },
];

/** /privacy-policy */
export default function PrivacyPolicyPage() {
  useDocumentTitle(pageTitles.privacyPolicy);
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>Your privacy matters to us. This policy explains what we collect when you use RepRoute, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
