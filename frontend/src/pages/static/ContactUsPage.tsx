import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function ContactUsPage() {
  return <ComingSoon title="Contact Us" description="Send us a message and we'll get back to you within 24 hours." />;
}
