import { Link } from 'react-router-dom';
import { Briefcase, Building2, CalendarClock, Clock, Dumbbell, HeartPulse, MapPin, Star, Users, Wifi } from 'lucide-react';
import { formatPrice, gymAccessLabels } from '@reproute/contracts';
import { HotelImage } from '@/components/HotelImage';
import { PanelTabs } from '@/components/provider/PanelTabs';
import { StaticHero } from '@/components/static/StaticHero';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { usePageMeta } from './pageMeta';
import { staticPageHead } from '@/site/head';
import { pages } from '@/site/pages';

export interface SampleHotel {
  id: number;
  name: string;
  city: string;
  country: string;
  description: string;
  pricePerNight: number;
  currency: string;
  rating: number;
  imageUrl: string;
  gymAccessType: 'on-site' | 'partnered';
  features: string[];
  gymRating: number;
}

/** Three sample hotels (document 2): real seeded hotels, so each links to its live page. */
export const sampleBusinessHotels: SampleHotel[] = [
  {
    id: 2,
    name: 'Central Park Grand Regency',
    city: 'New York',
    country: 'United States',
    description: 'Steps from Midtown offices, with a Technogym floor, Peloton bikes and dumbbells to 40 kg for a training session before the first meeting.',
    pricePerNight: 1150,
    currency: 'USD',
    rating: 4.8,
    imageUrl: '/images/hotels/h02/hero.jpg',
    gymAccessType: 'on-site',
    features: ['Meeting rooms', 'Executive lounge', '24/7 gym'],
    gymRating: 4.7,
  },
  {
    id: 9,
    name: 'Canary Wharf Riverside Hotel',
    city: 'London',
    country: 'United Kingdom',
    description: 'In the heart of the financial district, with guest access to a fully equipped partner gym a short walk along the river.',
    pricePerNight: 245,
    currency: 'GBP',
    rating: 4.3,
    imageUrl: '/images/hotels/h09/hero.jpg',
    gymAccessType: 'partnered',
    features: ['Business centre', 'Fast WiFi', 'Partner gym pass'],
    gymRating: 4.2,
  },
  {
    id: 11,
    name: 'Shinjuku Skyline Tower Hotel',
    city: 'Tokyo',
    country: 'Japan',
    description: 'A skyline gym with a power rack, Olympic bar and bumper plates above Tokyo\u2019s busiest business district.',
    pricePerNight: 98000,
    currency: 'JPY',
    rating: 4.8,
    imageUrl: '/images/hotels/h11/hero.jpg',
    gymAccessType: 'on-site',
    features: ['Coworking floor', 'Airport limousine', 'Power rack'],
    gymRating: 4.8,
  },
];

const amenities = [
  { icon: Dumbbell, title: '24/7 Fitness Centers', text: 'Train whenever your schedule allows, early flights and late calls included.' },
  { icon: Wifi, title: 'High-Speed WiFi', text: 'Reliable connections for video calls in your room and the lobby.' },
  { icon: Building2, title: 'Business Centers', text: 'Printing, workspaces and meeting rooms a lift ride away.' },
  { icon: Clock, title: 'Flexible Check-in', text: 'Early check-in and late check-out for tight itineraries.' },
];

const stats = [
  { value: '500+', label: 'Business hotels' },
  { value: '95%', label: 'Satisfaction' },
  { value: '24/7', label: 'Concierge' },
];

const services = [
  { icon: Users, title: 'Group Bookings', text: 'Find hotels that fit a whole team, with a gym that can take the crowd.' },
  { icon: Briefcase, title: 'Corporate Accounts', text: 'One account for your company\u2019s travellers and their preferred hotels.' },
  { icon: CalendarClock, title: 'Travel Management', text: 'Work with your travel manager to keep training-friendly hotels in policy.' },
  { icon: HeartPulse, title: 'Wellness Programs', text: 'Support employee wellbeing on the road with gyms, pools and recovery.' },
];

const keywords = 'business travel, business hotels, hotel gym, corporate travel, fitness hotels, hotels with gyms';

function pageOrigin(): string {
  return typeof window === 'undefined' ? 'https://reproute.example' : window.location.origin;
}

/** /business-travel: overview, featured hotels and services for people who travel for work. */
export default function BusinessTravelPage() {
  const origin = pageOrigin();
  // The head the pages' server writes for this address (site/head.ts), with the page's keywords.
  usePageMeta({ ...staticPageHead(origin, '/business-travel', pages.businessTravel), keywords });

  return (
    <>
      <StaticHero
        eyebrow={<><Briefcase aria-hidden className="h-4 w-4" /> Business Travel</>}
        title="Stay sharp on the road."
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/?business=true">Find Business Hotels</Link>
            </Button>
            <Button asChild size="lg" variant="white">
              <Link to="/?business=true#featured">Explore Destinations</Link>
            </Button>
          </>
        }
      >
        <p>Hotels where the gym is as dependable as the WiFi, for people who travel for work and still want to train.</p>
      </StaticHero>

      <Container className="py-12 sm:py-16">
        <PanelTabs
          label="Business travel sections"
          tabs={[
            {
              value: 'overview',
              label: 'Overview',
              content: (
                <div>
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                    {amenities.map(({ icon: Icon, title, text }) => (
                      <div key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-ocean-50 text-ocean-700">
                          <Icon aria-hidden className="h-6 w-6" />
                        </span>
                        <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
                        <p className="mt-1 text-sm text-slate-600">{text}</p>
                      </div>
                    ))}
                  </div>
                  <dl className="mt-10 grid gap-4 rounded-3xl bg-slate-900 p-8 text-center text-white sm:grid-cols-3" data-testid="business-stats">
                    {stats.map((stat) => (
                      <div key={stat.label}>
                        <dt className="text-sm font-medium text-white/80">{stat.label}</dt>
                        <dd className="font-display text-4xl font-extrabold">{stat.value}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ),
            },
            {
              value: 'hotels',
              label: 'Featured Hotels',
              content: (
                <ul className="grid gap-6 md:grid-cols-3">
                  {sampleBusinessHotels.map((hotel) => (
                    <li key={hotel.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="business-hotel">
                      <HotelImage src={hotel.imageUrl} alt="" ratio="16 / 10" />
                      <div className="flex flex-1 flex-col p-5">
                        <div className="flex items-start justify-between gap-2">
                          <h2 className="text-lg font-bold text-slate-900">{hotel.name}</h2>
                          <span className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-800">
                            <Star aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
                            {hotel.rating.toFixed(1)}
                          </span>
                        </div>
                        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                          <MapPin aria-hidden className="h-4 w-4" /> {hotel.city}, {hotel.country}
                        </p>
                        <p className="mt-3 text-sm text-slate-700">{hotel.description}</p>
                        <ul className="mt-3 flex flex-wrap gap-1.5">
                          <li className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">{gymAccessLabels[hotel.gymAccessType]}</li>
                          {hotel.features.map((feature) => (
                            <li key={feature} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                              {feature}
                            </li>
                          ))}
                        </ul>
                        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
                          <p className="text-sm text-slate-600">
                            <span className="text-xl font-bold text-slate-900">{formatPrice(hotel.pricePerNight, hotel.currency)}</span> / night
                            <br />
                            Gym rating {hotel.gymRating.toFixed(1)}/5
                          </p>
                          <Button asChild size="sm">
                            <Link to={`/hotels/${hotel.id}`} aria-label={`View ${hotel.name}`}>
                              View Hotel
                            </Link>
                          </Button>
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              value: 'services',
              label: 'Services',
              content: (
                <div className="grid gap-4 sm:grid-cols-2">
                  {services.map(({ icon: Icon, title, text }) => (
                    <div key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                        <Icon aria-hidden className="h-6 w-6" />
                      </span>
                      <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
                      <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
                      {/* Document 2: these buttons do nothing yet; shown disabled so nobody clicks in vain. */}
                      <Button variant="outline" size="sm" className="mt-4 self-start" disabled>
                        Coming Soon
                      </Button>
                    </div>
                  ))}
                </div>
              ),
            },
          ]}
        />
      </Container>
    </>
  );
}
