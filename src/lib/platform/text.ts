/** Shell §9: long texts are cut at 100 characters by default, with an ellipsis. */
export const DEFAULT_TRUNCATE = 100;

export function truncate(text: string, max: number = DEFAULT_TRUNCATE): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
