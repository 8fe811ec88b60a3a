import { Link, useNavigate } from 'react-router-dom';
import { ArrowRight, BadgeCheck, Dumbbell, Filter, HandCoins, Quote, Star } from 'lucide-react';
import { HeroVideo } from '@/components/HeroVideo';
import { SearchBox } from '@/components/SearchBox';
import { HotelCard, HotelCardSkeleton } from '@/components/HotelCard';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useFeaturedHotels } from '@/api/hotels';
import { useSiteStats } from '@/api/stats';
import { summaryFigures } from '@/lib/figures';
import { useSession } from '@/hooks/useSession';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { LIST_A_HOTEL_SIGNED_OUT } from '@/components/Header';
import { searchPath } from '@/lib/searchParams';
import { HydrateLater, KeptAsWritten } from '@/app/hydrateLater';
import { FEATURED_COUNT } from '@/site/pageReads';

const popularCities = ['New York', 'London', 'Tokyo', 'Paris', 'Dubai', 'Abu Dhabi'];

const reasons = [
  { icon: BadgeCheck, title: 'Verified gym equipment', text: 'Every listing names its racks, dumbbell range, cardio and recovery facilities, checked before it goes live.' },
  { icon: Filter, title: 'Filter by what you lift', text: 'Need a squat rack and a sauna? Pick the equipment and see only hotels that have it.' },
  { icon: HandCoins, title: 'Book direct, no fees', text: 'We send you straight to the hotel or its booking partner. Listing and browsing are free.' },
  { icon: Dumbbell, title: 'Reviews from lifters', text: 'Travellers rate the gym separately from the room, so you know what to expect before you pack.' },
];

const testimonials = [
  { name: 'Maya R.', role: 'Powerlifter, consultant', quote: 'I found a hotel in London with a proper deadlift platform. My meet prep did not skip a beat.' },
  { name: 'James O.', role: 'Marathon runner', quote: 'Treadmills that actually work and a pool for recovery. RepRoute is now my first stop before any trip.' },
  { name: 'Aiko T.', role: 'Yoga teacher', quote: 'Filtering for yoga mats and a stretching area saved me hours of scrolling through photos.' },
  { name: 'Carlos M.', role: 'Sales director', quote: 'Business travel used to mean skipping workouts. Now I book hotels where the gym is part of the plan.' },
  { name: 'Priya S.', role: 'CrossFit coach', quote: 'Kettlebells, battle ropes, rower. I knew exactly what was there before I landed in Dubai.' },
  { name: 'Tom H.', role: 'Bodybuilder', quote: 'Dumbbells over 40 kg are rare in hotels. This is the only site that lets me search for them.' },
];

export default function HomePage() {
  useDocumentTitle(pageTitles.home);
  const navigate = useNavigate();
  const { user } = useSession();
  const featured = useFeaturedHotels();
  const listHotelPath = user ? (user.isProvider ? '/provider/dashboard' : '/provider/setup') : LIST_A_HOTEL_SIGNED_OUT;

  return (
    <>
      <HydrateLater>
        <section className="relative isolate overflow-hidden text-white">
          <HeroVideo />
          <Container className="relative py-20 sm:py-28 lg:py-36">
            <div className="max-w-3xl">
              <KeptAsWritten>
                <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold backdrop-blur">
                  <Dumbbell aria-hidden className="h-4 w-4" /> Hotels for people who train
                </p>
              </KeptAsWritten>
              <h1 className="mt-5 text-4xl leading-[1.05] font-extrabold sm:text-6xl">Stay somewhere with a gym worth training in.</h1>
              <p className="mt-5 max-w-xl text-lg text-white/90">
                Search hotels by the equipment you need: squat racks, heavy dumbbells, rowers, pools and saunas.
              </p>
              <div className="mt-8 max-w-2xl">
                <SearchBox size="hero" onSearch={(query, stay) => navigate(searchPath(query, [], undefined, stay))} />
              </div>
              <KeptAsWritten navigate={navigate}>
                <div className="mt-5 flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-white/80">Popular:</span>
                  {popularCities.map((city) => (
                    <Link
                      key={city}
                      to={searchPath(city, [])}
                      className="rounded-full bg-white/15 px-3 py-1 font-medium backdrop-blur transition hover:bg-white/25"
                    >
                      {city}
                    </Link>
                  ))}
                </div>
              </KeptAsWritten>
            </div>
          </Container>
        </section>
      </HydrateLater>

      <HydrateLater>
        <SummaryFigures />
      </HydrateLater>

      <HydrateLater>
        <section className="py-16 sm:py-20">
          <Container>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="text-sm font-bold tracking-wider text-brand-600 uppercase">Featured</p>
                <h2 className="mt-1 text-3xl font-bold text-slate-900">Featured Hotels</h2>
                <p className="mt-2 text-slate-600">The best gym scores in our catalog, ready for your next trip.</p>
              </div>
              <Button asChild variant="outline">
                <Link to="/search">
                  View all hotels <ArrowRight aria-hidden className="h-4 w-4" />
                </Link>
              </Button>
            </div>
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {featured.isPending
                ? Array.from({ length: FEATURED_COUNT }, (_, i) => <HotelCardSkeleton key={i} />)
                : // Below the hero and the figures at every width: their pictures wait until they come near the
                  // view (requested after the first paint, not with the hero's poster and the fonts).
                  featured.featured.map((hotel) => <HotelCard key={hotel.id} hotel={hotel} />)}
            </div>
            {featured.isError ? (
              <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
                Featured hotels couldn't be loaded right now. Please try again shortly.
              </p>
            ) : null}
          </Container>
        </section>
      </HydrateLater>

      <KeptAsWritten>
        <section className="render-when-near bg-white py-16 [--near-height:1220px] sm:py-20 sm:[--near-height:780px] lg:[--near-height:560px]">
          <Container>
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-bold tracking-wider text-ocean-600 uppercase">Why RepRoute</p>
              <h2 className="mt-1 text-3xl font-bold text-slate-900">Why choose us</h2>
              <p className="mt-3 text-slate-600">Hotel sites show a photo of two treadmills and call it a fitness centre. We list what's actually on the floor.</p>
            </div>
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {reasons.map(({ icon: Icon, title, text }) => (
                <div key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
                  <span className="bg-brand-gradient flex h-11 w-11 items-center justify-center rounded-xl text-white">
                    <Icon aria-hidden className="h-5 w-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
                </div>
              ))}
            </div>
          </Container>
        </section>
      </KeptAsWritten>

      <KeptAsWritten>
        <section className="render-when-near py-16 [--near-height:1840px] sm:py-20 md:[--near-height:1040px] lg:[--near-height:770px]">
          <Container>
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-bold tracking-wider text-brand-600 uppercase">Testimonials</p>
              <h2 className="mt-1 text-3xl font-bold text-slate-900">Loved by travellers who train</h2>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {testimonials.map((t) => (
                <li key={t.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <div className="flex gap-0.5" role="img" aria-label="5 out of 5 stars">
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} aria-hidden className="h-4 w-4 fill-amber-400 text-amber-400" />
                    ))}
                  </div>
                  <blockquote className="mt-4 flex-1 text-slate-700">
                    <Quote aria-hidden className="mb-2 h-5 w-5 text-brand-200" />
                    {t.quote}
                  </blockquote>
                  <p className="mt-5 text-sm font-bold text-slate-900">{t.name}</p>
                  <p className="text-sm text-slate-600">{t.role}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      </KeptAsWritten>

      <HydrateLater>
        <section className="render-when-near pb-20 [--near-height:510px] sm:[--near-height:400px] lg:[--near-height:320px]">
          <Container>
            <div className="bg-brand-gradient relative overflow-hidden rounded-3xl px-6 py-12 text-white sm:px-12">
              <div className="grid items-center gap-8 lg:grid-cols-[1.5fr_1fr]">
                <div>
                  <h2 className="text-3xl font-extrabold sm:text-4xl">Your next training base is one search away.</h2>
                  <p className="mt-3 max-w-xl text-white/90">Browse hotels by city and equipment, save your favourites and book directly with the hotel.</p>
                </div>
                <div className="flex flex-col gap-3 sm:flex-row lg:justify-end">
                  <Button asChild variant="white" size="lg">
                    <Link to="/search">Search Hotels</Link>
                  </Button>
                  <Button asChild size="lg" className="border border-white/60 bg-transparent text-white shadow-none hover:bg-white/10">
                    <Link to={listHotelPath}>List A Hotel</Link>
                  </Button>
                </div>
              </div>
            </div>
          </Container>
        </section>
      </HydrateLater>
    </>
  );
}

/**
 * The summary figures (ruling 15): live approved hotels, their countries, travellers and the average approved
 * rating, each claimed as "N+" only when true (lib/figures.ts). The pages' server writes the answer into the
 * page; without it the figures come once the catalog answers, and stay away if it does not.
 */
function SummaryFigures() {
  const stats = useSiteStats();
  const figures = stats.data ? summaryFigures(stats.data) : null;
  if (stats.isError && !figures) return <div hidden />;
  return (
    <section aria-label="RepRoute in numbers" aria-busy={!figures} data-testid="summary-figures" className="border-b border-slate-200 bg-white">
      <Container className="grid grid-cols-2 gap-6 py-8 md:grid-cols-4">
        {figures
          ? figures.map((f) => (
              <div key={f.label} className="text-center" data-testid="summary-figure">
                <p className="font-display text-3xl font-extrabold text-slate-900 sm:text-4xl">{f.value}</p>
                <p className="mt-1 text-sm font-medium text-slate-600">{f.label}</p>
              </div>
            ))
          : Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="text-center" aria-hidden>
                <p className="mx-auto h-9 w-20 animate-pulse rounded-lg bg-slate-100 sm:h-10" />
                <p className="mx-auto mt-2 h-4 w-24 rounded bg-slate-100" />
              </div>
            ))}
      </Container>
    </section>
  );
}
