/**
 * The approved reviews the seeded hotels start with: two to four per hotel, each by a different
 * seeded reviewer in their own voice, written from the hotel's real gym details. Three seeds read this one list, so the
 * figures agree everywhere: identity creates the reviewer accounts, engagement stores the reviews
 * (approved) and the catalog records their ratings, from which a hotel's rating and review count are
 * computed exactly as for reviews approved later.
 */
import { seedCities, seedHotels, type SeedHotel } from './seed-data.ts';

export interface SeedReviewer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Dedicated reviewer accounts (fixed ids; they have no published password and are not for signing in). */
export const seedReviewers: SeedReviewer[] = [
  { id: '00000000-0000-4000-8000-000000000011', email: 'maya.lindqvist@reviewers.reproute.example', firstName: 'Maya', lastName: 'Lindqvist' },
  { id: '00000000-0000-4000-8000-000000000012', email: 'daniel.okafor@reviewers.reproute.example', firstName: 'Daniel', lastName: 'Okafor' },
  { id: '00000000-0000-4000-8000-000000000013', email: 'sofia.marchetti@reviewers.reproute.example', firstName: 'Sofia', lastName: 'Marchetti' },
  { id: '00000000-0000-4000-8000-000000000014', email: 'kenji.watanabe@reviewers.reproute.example', firstName: 'Kenji', lastName: 'Watanabe' },
];

export interface SeedReview {
  id: string;
  hotelId: number;
  reviewer: SeedReviewer;
  rating: number;
  gymRating: number;
  title: string;
  content: string;
  travelType: 'business' | 'leisure' | 'fitness';
  roomType: string;
  stayDate: string;
  pros: string[];
  cons: string[];
  tags: string[];
  createdAt: Date;
}

const ratings = [5, 4, 5, 3, 4, 5, 4, 5, 4];
const gymRatings = [5, 5, 4, 4, 5, 3, 5, 4];
const travelTypes = ['fitness', 'business', 'leisure'] as const;
const roomTypes = ['King', 'Deluxe Double', 'Junior Suite', 'Twin'];


const lower = (item: string) => item.charAt(0).toLowerCase() + item.slice(1);

/** What a review can say about a hotel: its own gym, hours, size, city and two of its pieces of equipment. */
interface ReviewFacts {
  hotel: string;
  gym: string;
  hours: string;
  size: string;
  city: string;
  first: string;
  second: string;
  extra: string | null;
}

type Voice = Record<'high' | 'mid' | 'low', (f: ReviewFacts) => { content: string; pros: string[]; cons: string[] }>;

/**
 * Each seeded reviewer writes in a voice of their own (what they train, what they notice, how they put it), and
 * every sentence carries something of the hotel it is about, so no two hotels' reviews share a sentence.
 */
const voices: Record<string, Voice> = {
  // Maya: a powerlifter; racks, bars and floor space.
  Maya: {
    high: (f) => ({
      content: `Came to ${f.city} in a meet block and ${f.gym} carried it. The main work went on ${lower(f.first)}, accessories on ${lower(f.second)}. Never waited for a station at ${f.hotel}.`,
      pros: [lower(f.first), `space to lift at ${f.gym}`],
      cons: [],
    }),
    mid: (f) => ({
      content: `My sessions at ${f.gym} were built around ${lower(f.first)}, with ${lower(f.second)} for the rest. At ${f.size} it is fine, though two lifters deadlifting at once fill it.`,
      pros: [lower(f.first)],
      cons: [`${f.size} fills up with two lifters`],
    }),
    low: (f) => ({
      content: `${f.gym} has ${lower(f.first)}, but not much room around it. I filled the waits with ${lower(f.second)}. For a lifting trip to ${f.city} I would look for more floor.`,
      pros: [lower(f.second)],
      cons: [`little floor space at ${f.gym}`],
    }),
  },
  // Daniel: a business traveller who trains before meetings.
  Daniel: {
    high: (f) => ({
      content: `Three nights in ${f.city} for work and I trained every morning: ${f.gym} is open ${f.hours}, which beat my 7am calls. ${f.first} and ${lower(f.second)} let me keep my usual routine. I will book ${f.hotel} again for the next trip.`,
      pros: [`open ${f.hours}`, lower(f.first)],
      cons: [],
    }),
    mid: (f) => ({
      content: `On a work trip to ${f.city}, ${f.gym} was the easy part of my day. I mostly used ${lower(f.first)}. Open ${f.hours}, so a session after dinner at ${f.gym} worked too, though the after-work crowd had ${lower(f.second)} to themselves.`,
      pros: [lower(f.first), `hours (${f.hours})`],
      cons: [`busy after work`],
    }),
    low: (f) => ({
      content: `${f.gym} does the job for a quick session between meetings in ${f.city}. There is ${lower(f.first)}, and ${lower(f.second)} that has seen better days. At ${f.hotel}'s price I expected a little more.`,
      pros: [`handy for a ${f.city} work trip`],
      cons: [`some worn equipment`],
    }),
  },
  // Sofia: here on holiday; cardio, classes, the pool and sauna.
  Sofia: {
    high: (f) => ({
      content: `We stayed at ${f.hotel} on holiday and I loved starting the day at ${f.gym}: ${lower(f.second)} first, then ${lower(f.first)}.${f.extra ? ` ${f.extra}` : ''} Then out to explore ${f.city} straight from ${f.hotel}'s door.`,
      pros: [lower(f.second), ...(f.extra ? [lower(f.extra.replace(/\.$/, ''))] : [])],
      cons: [],
    }),
    mid: (f) => ({
      content: `A lovely break in ${f.city} at ${f.hotel}. ${f.gym} was bright and clean, and I kept going back to ${lower(f.second)}. At ${f.size} there was not much room to stretch after a run.`,
      pros: [`clean, bright ${f.gym}`],
      cons: [`little room to stretch (${f.size})`],
    }),
    low: (f) => ({
      content: `${f.hotel} was comfortable, but ${f.gym} felt like an afterthought. There is ${lower(f.first)} and ${lower(f.second)}, fine for twenty minutes before seeing ${f.city}.`,
      pros: [`comfortable stay in ${f.city}`],
      cons: [`${f.gym} is small for classes or circuits`],
    }),
  },
  // Kenji: a bodybuilder; dumbbells, cables and how clean it is.
  Kenji: {
    high: (f) => ({
      content: `Push, pull and legs all covered at ${f.gym}: ${lower(f.first)} and ${lower(f.second)} meant no exercise swaps. Spotless every visit, and ${f.size} is plenty for a ${f.city} hotel.`,
      pros: [lower(f.first), 'spotless'],
      cons: [],
    }),
    mid: (f) => ({
      content: `${f.gym} kept my split on track in ${f.city}; the highlight for me was ${lower(f.first)}. The area around ${lower(f.second)} needed wiping down, but staff at ${f.hotel} sorted it when I asked.`,
      pros: [lower(f.first)],
      cons: ['not always wiped down'],
    }),
    low: (f) => ({
      content: `I could get a pump at ${f.gym}, no more. There is ${lower(f.first)} and ${lower(f.second)}, and not much heavier. Bring bands if you train seriously in ${f.city}.`,
      pros: [lower(f.first)],
      cons: [`limited heavy kit at ${f.gym}`],
    }),
  },
};

/** A review's text in its reviewer's voice, from the hotel's own gym. */
function reviewText(hotel: SeedHotel, reviewer: SeedReviewer, rating: number, index: number): { content: string; pros: string[]; cons: string[] } {
  const equipment = hotel.rawEquipment;
  const facts: ReviewFacts = {
    hotel: hotel.name,
    gym: hotel.gym.name,
    hours: hotel.gym.hours,
    size: hotel.gym.size,
    city: seedCities.find((c) => c.id === hotel.cityId)!.name,
    first: equipment[index % equipment.length]!,
    second: equipment[(index + 3) % equipment.length]!,
    extra: hotel.gym.hasSauna ? `The sauna at ${hotel.gym.name} was a treat.` : hotel.gym.hasPool ? `The pool at ${hotel.name} was a treat.` : null,
  };
  const voice = voices[reviewer.firstName]!;
  return voice[rating >= 5 ? 'high' : rating === 4 ? 'mid' : 'low'](facts);
}

/** Titles per reviewer and rating, each naming the hotel's gym. */
function reviewTitle(hotel: SeedHotel, reviewer: SeedReviewer, rating: number): string {
  const city = seedCities.find((c) => c.id === hotel.cityId)!.name;
  const gym = hotel.gym.name;
  const titles: Record<string, [string, string, string]> = {
    Maya: [`Real lifting at ${gym}`, `${gym}: good kit, tight floor`, `${gym} is short on space`],
    Daniel: [`Trained every morning at ${gym}`, `${gym} on a ${city} work trip`, `${gym}: fine between meetings`],
    Sofia: [`${gym} kept our ${city} holiday moving`, `${gym}: bright, a little cramped`, `${gym} is small`],
    Kenji: [`${gym} covers a full split`, `Solid split training at ${gym}`, `${gym}: a pump, no more`],
  };
  return titles[reviewer.firstName]![rating >= 5 ? 0 : rating === 4 ? 1 : 2];
}

const pad = (n: number) => n.toString(16).padStart(6, '0');

/** Builds the reviews deterministically: the same list on every run (the seeds are idempotent). */
function buildSeedReviews(): SeedReview[] {
  const reviews: SeedReview[] = [];
  for (const hotel of seedHotels) {
    const count = 2 + (hotel.id % 3);
    for (let k = 0; k < count; k++) {
      const rating = ratings[(hotel.id * 2 + k) % ratings.length]!;
      const reviewer = seedReviewers[(hotel.id + k) % seedReviewers.length]!;
      const text = reviewText(hotel, reviewer, rating, hotel.id + k);
      const month = (hotel.id + k * 4) % 9; // January to September 2026
      const day = 1 + ((hotel.id * 7 + k * 11) % 27);
      reviews.push({
        id: `00000000-0000-4000-9000-${pad(hotel.id)}${pad(k + 1)}`,
        hotelId: hotel.id,
        reviewer,
        rating,
        gymRating: Math.min(5, Math.max(rating, gymRatings[(hotel.id + k) % gymRatings.length]!)),
        title: reviewTitle(hotel, reviewer, rating),
        content: text.content,
        travelType: travelTypes[(hotel.id + k) % travelTypes.length]!,
        roomType: roomTypes[(hotel.id * 3 + k) % roomTypes.length]!,
        stayDate: `2026-${String(month + 1).padStart(2, '0')}`,
        pros: text.pros,
        cons: text.cons,
        tags: hotel.gym.hasSauna ? ['free-weights', 'recovery'] : ['free-weights'],
        createdAt: new Date(Date.UTC(2026, month, day, 9 + k, 0, 0)),
      });
    }
  }
  return reviews;
}

export const seedReviews: SeedReview[] = buildSeedReviews();
