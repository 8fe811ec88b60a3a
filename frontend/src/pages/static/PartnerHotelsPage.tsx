import { Link } from 'react-router-dom';
import { Award, BadgeCheck, CheckCircle2, Crown, Dumbbell, Gem, Handshake, Search, Star, Timer } from 'lucide-react';
import { StaticHero } from '@/components/static/StaticHero';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { cn } from '@/lib/cn';

/** Partnership tiers; commission per document 2, section 1: standard 12-15%, premium 10-12%, elite 8-10%. */
export const partnerTiers = [
  {
    name: 'Elite',
    icon: Crown,
    commission: '8-10%',
    level: 'Elite rate',
    accent: 'from-amber-700 to-brand-700',
    benefits: ['Top placement in search and on the home page', 'Dedicated partner manager', 'Quarterly fitness audit and photo shoot', 'Featured in business travel campaigns'],
  },
  {
    name: 'Premier',
    icon: Gem,
    commission: '10-12%',
    level: 'Premium rate',
    accent: 'from-ocean-600 to-ocean-900',
    benefits: ['Priority placement in search', 'Premium badge on your listing', 'Monthly lead and traffic report', 'Priority support'],
  },
  {
    name: 'Certified',
    icon: BadgeCheck,
    commission: '12-15%',
    level: 'Standard rate',
    accent: 'from-slate-600 to-slate-800',
    benefits: ['Verified gym badge', 'Listing in search and city pages', 'Leads emailed to you', 'Provider dashboard with lead analytics'],
  },
];

const approvalSteps = [
  { step: 'Application review', time: '2-3 business days' },
  { step: 'Fitness facility audit', time: '5-7 business days' },
  { step: 'Profile setup', time: '1-2 business days' },
];

const requirements = [
  { icon: Dumbbell, text: 'A gym of at least 50 sqm' },
  { icon: Timer, text: 'Gym open at least 6am to 10pm' },
  { icon: Star, text: 'A hotel rating of at least 3 stars' },
  { icon: Award, text: 'A guest review average of 4.0 or higher' },
];

const featuredChains = ['Summit Hotels Group', 'Ironworks Collection', 'Harbor & Co. Hotels', 'Meridian Athletic Stays', 'Lumière Hôtels', 'Skyline Tower Hotels'];

const previewFigures = [
  { label: 'Page views', value: '12,480' },
  { label: 'Referral clicks', value: '1,906' },
  { label: 'Leads', value: '342' },
];

/** /partner-hotels: tiers, commission and approval figures, requirements, and a dashboard preview. */
export default function PartnerHotelsPage() {
  useDocumentTitle(pageTitles.partnerHotels);
  return (
    <>
      <StaticHero
        eyebrow={<><Handshake aria-hidden className="h-4 w-4" /> Partner Hotels</>}
        title="Put your gym in front of travellers who train."
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/contact-us">Become a Partner</Link>
            </Button>
            <Button asChild size="lg" variant="white">
              <Link to="/search">
                <Search aria-hidden className="h-5 w-5" /> Browse Partner Hotels
              </Link>
            </Button>
          </>
        }
      >
        <p>Listing is free. You pay a referral commission only on bookings we send you, and the better your gym, the lower your rate.</p>
      </StaticHero>

      <Container className="space-y-16 py-12 sm:py-16">
        <section aria-labelledby="tiers-heading">
          <h2 id="tiers-heading" className="text-3xl font-bold text-slate-900">
            Partnership tiers
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {partnerTiers.map(({ name, icon: Icon, commission, level, accent, benefits }) => (
              <article key={name} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="partner-tier">
                <div className={cn('bg-gradient-to-br p-6 text-white', accent)}>
                  <Icon aria-hidden className="h-8 w-8" />
                  <h3 className="mt-3 text-2xl font-extrabold">{name}</h3>
                  <p className="mt-1 text-sm text-white/90">{level}</p>
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-sm text-slate-600">Commission</p>
                  <p className="font-display text-3xl font-extrabold text-slate-900">{commission}</p>
                  <ul className="mt-4 space-y-2 text-sm text-slate-700">
                    {benefits.map((benefit) => (
                      <li key={benefit} className="flex gap-2">
                        <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                        {benefit}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            ))}
          </div>
          <p className="mt-4 text-sm text-slate-600">Commission is a share of the booking value of stays we refer: 12-15% standard, 10-12% premium, 8-10% elite.</p>
        </section>

        <section aria-labelledby="chains-heading">
          <h2 id="chains-heading" className="text-2xl font-bold text-slate-900">
            Featured hotel groups
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {featuredChains.map((chain) => (
              <li key={chain} className="flex h-20 items-center justify-center rounded-2xl border border-slate-200 bg-white px-3 text-center text-sm font-bold text-slate-800 shadow-sm">
                {chain}
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="approval-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="approval-heading" className="text-2xl font-bold text-slate-900">
              How approval works
            </h2>
            <ol className="mt-5 space-y-4">
              {approvalSteps.map(({ step, time }, i) => (
                <li key={step} className="flex items-center gap-4">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                  <div>
                    <p className="font-semibold text-slate-900">{step}</p>
                    <p className="text-sm text-slate-600">{time}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="mt-6 rounded-xl bg-ocean-50 p-4 text-sm font-medium text-ocean-900">Average time from application to going live: 7-10 business days.</p>
          </section>

          <section aria-labelledby="requirements-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="requirements-heading" className="text-2xl font-bold text-slate-900">
              Requirements
            </h2>
            <ul className="mt-5 space-y-4">
              {requirements.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3 text-slate-800">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                    <Icon aria-hidden className="h-5 w-5" />
                  </span>
                  {text}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-2xl font-bold text-slate-900">
            Your partner dashboard
          </h2>
          <p className="mt-1 text-slate-600">A preview of what partners see for each listing. Figures are examples.</p>
          <div className="mt-5 rounded-3xl bg-slate-900 p-6 text-white sm:p-8" aria-label="Dashboard preview (example figures)">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-bold">Summit SoHo Athletic House</p>
              <span className="rounded-full bg-emerald-500/20 px-3 py-1 text-xs font-semibold text-emerald-300">Approved</span>
            </div>
            <dl className="mt-6 grid gap-4 sm:grid-cols-3">
              {previewFigures.map((figure) => (
                <div key={figure.label} className="rounded-2xl bg-white/10 p-4">
                  <dt className="text-sm text-white/80">{figure.label}</dt>
                  <dd className="font-display text-3xl font-extrabold">{figure.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="flex flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
          <h2 className="text-2xl font-bold text-slate-900">Ready to partner with RepRoute?</h2>
          <p className="mt-2 max-w-lg text-slate-600">Tell us about your hotel and gym. Our partnerships team answers within 48 hours.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/contact-us">Contact Partnerships</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/search">See Listed Hotels</Link>
            </Button>
          </div>
        </section>
      </Container>
    </>
  );
}
