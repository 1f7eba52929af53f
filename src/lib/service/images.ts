/** Where a chat picture is read: only by its sender and the sides of its conversation. */
export function serviceImageUrl(mediaId: number): string {
  return `/api/service/image/${mediaId}`;
}

/** The picture types the chat takes (checked by the page before sending, again by the server). */
export const SERVICE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
