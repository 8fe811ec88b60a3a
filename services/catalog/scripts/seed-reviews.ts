/**
 * The approved reviews the seeded hotels start with: two to four per hotel, each by a different
 * seeded reviewer, written from the hotel's real gym details. Three seeds read this one list, so the
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

const titles: Record<number, string[]> = {
  5: ['Worth the trip for the gym alone', 'Best hotel gym I have trained in', 'Serious kit, friendly staff'],
  4: ['Great gym, small gripes', 'Solid training stay', 'Kept my programme on track'],
  3: ['Good gym, busy at peak times', 'Decent kit, room for improvement', 'Fine for a short stay'],
};

const lower = (item: string) => item.charAt(0).toLowerCase() + item.slice(1);

/** A review's text from the hotel's own gym: its name, hours and two of its pieces of equipment. */
function reviewText(hotel: SeedHotel, rating: number, index: number): { content: string; pros: string[]; cons: string[] } {
  const equipment = hotel.rawEquipment;
  const first = equipment[index % equipment.length]!;
  const second = equipment[(index + 3) % equipment.length]!;
  const city = seedCities.find((c) => c.id === hotel.cityId)!.name;
  const gym = hotel.gym.name;
  if (rating === 5) {
    return {
      content: `${gym} is the reason I booked and it lived up to it. ${first} and ${lower(second)} meant I could run my full programme without compromise. Open ${hotel.gym.hours}, clean, and never crowded when I trained. Already planning my next ${city} trip around it.`,
      pros: [lower(first), 'quiet at off-peak hours'],
      cons: [],
    };
  }
  if (rating === 4) {
    return {
      content: `Very good gym for a hotel. I used ${lower(first)} most days and the ${lower(second)} were a welcome extra. Hours of ${hotel.gym.hours} suited my schedule. Only gripe: it got busy after work, so I moved my sessions earlier.`,
      pros: [lower(first), lower(second)],
      cons: ['busy in the early evening'],
    };
  }
  return {
    content: `The equipment is there (${lower(first)}, ${lower(second)}) but the space felt tight when more than a few guests trained at once. Staff were helpful and the room was comfortable. Fine for a short stay in ${city}; plan your sessions for quieter hours.`,
    pros: ['helpful staff'],
    cons: ['crowded at peak times'],
  };
}

const pad = (n: number) => n.toString(16).padStart(6, '0');

/** Builds the reviews deterministically: the same list on every run (the seeds are idempotent). */
function buildSeedReviews(): SeedReview[] {
  const reviews: SeedReview[] = [];
  for (const hotel of seedHotels) {
    const count = 2 + (hotel.id % 3);
    for (let k = 0; k < count; k++) {
      const rating = ratings[(hotel.id * 2 + k) % ratings.length]!;
      const text = reviewText(hotel, rating, hotel.id + k);
      const month = (hotel.id + k * 4) % 9; // January to September 2026
      const day = 1 + ((hotel.id * 7 + k * 11) % 27);
      reviews.push({
        id: `00000000-0000-4000-9000-${pad(hotel.id)}${pad(k + 1)}`,
        hotelId: hotel.id,
        reviewer: seedReviewers[(hotel.id + k) % seedReviewers.length]!,
        rating,
        gymRating: Math.min(5, Math.max(rating, gymRatings[(hotel.id + k) % gymRatings.length]!)),
        title: titles[rating]![(hotel.id + k) % 3]!,
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
