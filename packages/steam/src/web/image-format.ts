/** jpg, png or gif from the first bytes. */
export function imageFormat(image: Uint8Array): 'jpg' | 'png' | 'gif' | null {
  const hex = Buffer.from(image.subarray(0, 4)).toString('hex');
  if (hex.startsWith('ffd8ff')) return 'jpg';
  if (hex === '89504e47') return 'png';
  if (hex === '47494638') return 'gif';
  return null;
}
