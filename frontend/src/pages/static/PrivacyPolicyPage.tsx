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
        <li>
          Booking clicks: when you press Book Now, the hotel, the booking link (with the dates and number of guests you chose, if any), the time, your browser and IP address, and your
          account if you are signed in.
        </li>
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
        <li>To send your name and email to a hotel as a lead, only when you tick the box that asks us to.</li>
        <li>To answer your messages and send account emails such as password resets.</li>
        <li>To understand how RepRoute is used and improve it.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>
          We send a hotel your contact details only when you ask us to: signed in with a verified email address, you tick &ldquo;Share my name and email with the hotel so they can
          contact me&rdquo; in the booking dialog. That request, a lead, carries:
        </p>
        <ul data-testid="lead-contents">
          <li>your name and email address, from your account (the hotel&rsquo;s replies come to that address);</li>
          <li>the hotel you chose;</li>
          <li>your check-in and check-out dates and number of guests, only if you chose them;</li>
          <li>the booking link&rsquo;s reference (RR_&hellip;), so the hotel can match the lead to your booking.</li>
        </ul>
        <p>
          It is emailed to the hotel&rsquo;s contact address and shown to the hotel&rsquo;s provider in their dashboard. We keep the lead with the time it was sent, your browser and IP address
          (to stop abuse). If you leave the box unticked, or are not signed in, the hotel receives nothing about you from us; only the booking click above is recorded.
        </p>
        <p>We use service providers (hosting, email delivery) under contract. We never sell your personal information.</p>
      </>
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
