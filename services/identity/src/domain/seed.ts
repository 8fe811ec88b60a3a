/**
 * The password a seed account gets: the one its variable gives, else the documented default, but
 * only on local runs. With NODE_ENV=production (the Docker image, docker-compose) there is no
 * default: undefined means the account is not seeded at all.
 */
export function seedPassword(given: string | undefined, defaultPassword: string, nodeEnv: string): string | undefined {
  return given || (nodeEnv === 'production' ? undefined : defaultPassword);
}
