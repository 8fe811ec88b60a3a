import { phoneParts, type ProviderSetupRequest, type PublicUser, type SetupProfileRequest } from '@reproute/contracts';

/** The profile columns a setup call writes. */
export interface ProfileChanges {
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  isTraveler: boolean;
  isProvider: boolean;
  countryCode: string;
  phoneNumber: string | null;
  companyName: string | null;
  preferredEquipment: string[];
  accessibilityNeeds: string[];
  profileSetupComplete: true;
}

export interface ProfileOutcome {
  changes: ProfileChanges;
  /** First time the profile is completed: `user.profile_completed`. */
  completedNow: boolean;
  /** The provider flag turned on: `user.became_provider`. */
  becameProvider: boolean;
}

/**
 * Applies a profile setup to the current user. Absent optional fields keep their current value
 * (the form sends empty strings for untouched fields, which the contract turns into absent).
 * The provider flag only ever turns on here: an existing provider who re-submits the form
 * without ticking "provider" keeps their listings' access (stopping being a provider is not a
 * profile edit).
 */
export function applyProfileSetup(current: PublicUser, request: SetupProfileRequest): ProfileOutcome {
  const isProvider = current.isProvider || request.isProvider;
  // A `+` number brings its own country code; without a new number the chosen code applies.
  const phone = request.phoneNumber ? phoneParts(request.phoneNumber, request.countryCode, current.countryCode) : { countryCode: request.countryCode, phoneNumber: current.phoneNumber };
  const changes: ProfileChanges = {
    firstName: request.firstName ?? current.firstName,
    lastName: request.lastName ?? current.lastName,
    bio: request.bio ?? current.bio,
    isTraveler: request.isTraveler,
    isProvider,
    countryCode: phone.countryCode,
    phoneNumber: phone.phoneNumber,
    companyName: request.companyName ?? current.companyName,
    preferredEquipment: request.preferredEquipment ?? current.preferredEquipment,
    accessibilityNeeds: request.accessibilityNeeds ?? current.accessibilityNeeds,
    profileSetupComplete: true,
  };
  return { changes, completedNow: !current.profileSetupComplete, becameProvider: isProvider && !current.isProvider };
}

/**
 * Provider setup: the provider flag with the business's name and phone (and the bio typed at
 * provider registration); it also completes the profile.
 */
export function applyProviderSetup(current: PublicUser, request: ProviderSetupRequest): ProfileOutcome {
  const phone = phoneParts(request.phoneNumber, request.countryCode, current.countryCode);
  const changes: ProfileChanges = {
    firstName: current.firstName,
    lastName: current.lastName,
    bio: request.bio ?? current.bio,
    isTraveler: current.isTraveler,
    isProvider: true,
    countryCode: phone.countryCode,
    phoneNumber: phone.phoneNumber,
    companyName: request.companyName,
    preferredEquipment: current.preferredEquipment,
    accessibilityNeeds: current.accessibilityNeeds,
    profileSetupComplete: true,
  };
  return { changes, completedNow: !current.profileSetupComplete, becameProvider: !current.isProvider };
}
