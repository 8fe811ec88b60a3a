/** How a review tag reads on screen ("free-weights" → "free weights"). */
export function tagLabel(tag: string): string {
  return tag.replace(/-/g, ' ');
}
