/** The middle value of a list of measurements (the upper of the two middle ones for an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
