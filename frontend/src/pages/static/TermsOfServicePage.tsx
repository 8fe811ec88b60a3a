import { Link } from 'react-router-dom';
import { LegalDocument, type LegalSection } from '@/components/static/LegalDocument';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';

export const LEGAL_LAST_UPDATED = 'February 2, 2025';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By accessing or using RepRoute, you agree to be bound by these Terms of Service and our Privacy Policy. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Service Description',
    body: (
      <>
        <p>RepRoute is a directory of hotels with good gym facilities for fitness-minded travellers.</p>
        <ul>
          <li>
            <strong>Directory:</strong> we list hotels and describe their gyms, equipment and recovery facilities. We do not take bookings or payments for stays; you book directly with the hotel or its booking partner.
          </li>
          <li>
            <strong>Leads and referrals:</strong> when you press Book Now we record the referral click. We pass your name and email to the hotel as a lead only when you tick the box that asks us to (see the <Link className="font-medium text-ocean-700 underline" to="/privacy-policy#sharing">Privacy Policy</Link> for what a lead carries).
          </li>
          <li>
            <strong>Information accuracy:</strong> listings are provided by hotels and our team. We work to keep them accurate, but equipment, prices and availability can change; please confirm details with the hotel before you travel.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'User Accounts',
    body: (
      <p>
        You are responsible for keeping your password confidential and for all activity under your account. Provide accurate information, and tell us at once if you suspect unauthorised use. Reviews must describe your own stay.
      </p>
    ),
  },
  {
    id: 'providers',
    title: 'Hotel Provider Terms',
    body: (
      <ul>
        <li>
          <strong>Listing requirements:</strong> every listing is subject to approval by our team before it goes live, and must describe the property and its gym truthfully. We may remove listings that do not meet our standards.
        </li>
        <li>
          <strong>Lead referrals:</strong> leads from interested travellers are sent to the listing's contact email. Use them only to respond to the traveller's enquiry.
        </li>
        <li>
          <strong>Commission:</strong> listing is free. Referral commission on completed bookings is agreed separately in your partnership terms.
        </li>
      </ul>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The service is provided "as is" without warranties of any kind. RepRoute is not a party to any booking between you and a hotel and is not liable for a hotel's services, facilities or conduct. Exercise at your own risk and within your abilities.
      </p>
    ),
  },
  {
    id: 'ip',
    title: 'Intellectual Property',
    body: (
      <p>
        The RepRoute name, logo, design and content are owned by RepRoute or its licensors. By posting reviews or listings you grant us a non-exclusive licence to display them on the service.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: <p>We may suspend or end your access if you break these terms. You may stop using the service and close your account at any time.</p>,
  },
  {
    id: 'law',
    title: 'Governing Law',
    body: <p>These terms are governed by the laws of the State of New York, United States, without regard to its conflict of law rules.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to Terms',
    body: <p>We may update these terms from time to time. We will post the new version here with a new "last updated" date; continued use means you accept the changes.</p>,
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms? Email <a className="font-medium text-ocean-700 underline" href="mailto:legal@reproute.example">legal@reproute.example</a> or use our{' '}
        <Link className="font-medium text-ocean-700 underline" to="/contact-us">
          contact form
        </Link>
        .
      </p>
    ),
  },
];

/** /terms-of-service */
export default function TermsOfServicePage() {
  useDocumentTitle(pageTitles.termsOfService);
  return (
    <LegalDocument
      title="Terms of Service"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>These terms explain the rules for using RepRoute, for travellers and hotel providers alike.</p>}
      sections={sections}
    />
  );
}
