/** Hands a blob to the browser as a download (object URL + <a download>). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens an image blob in a new tab. The file is fetched through src/api first because, in demo mode,
 * the mock answers only requests made by this page, not a new tab's navigation. Only image types are
 * opened: an HTML blob would run with this app's origin.
 */
export function openImageBlob(blob: Blob): boolean {
  if (!/^image\/(jpeg|png|gif|webp|bmp|tiff)$/i.test(blob.type)) return false;
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
  return true;
}
