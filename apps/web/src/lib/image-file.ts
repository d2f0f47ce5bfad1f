/** What the server takes for an uploaded image (a photo, a logo); it checks the bytes too. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** A reason to refuse the file before uploading it, or null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > IMAGE_MAX_BYTES) return 'Choose an image of at most 2 MB.';
  return null;
}
