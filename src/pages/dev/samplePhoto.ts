/** A 16×16 JPEG, for when the browser has no canvas to draw one (jsdom). */
const TINY_JPEG_BASE64 =
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKACpC//2Q==';

function tinyJpeg(): Blob {
  const bytes = Uint8Array.from(atob(TINY_JPEG_BASE64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'image/jpeg' });
}

/** A freshly drawn photo (a random colour with a circle), so each run uploads a new image. */
export async function generateSamplePhoto(): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 320;
  const context = canvas.getContext?.('2d');
  if (!context) return tinyJpeg();
  const hue = Math.floor(Math.random() * 360);
  context.fillStyle = `hsl(${hue} 60% 70%)`;
  context.fillRect(0, 0, 320, 320);
  context.fillStyle = `hsl(${(hue + 180) % 360} 50% 35%)`;
  context.beginPath();
  context.arc(160, 140, 70, 0, Math.PI * 2);
  context.fill();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? tinyJpeg()), 'image/jpeg', 0.85));
}

/** A UK mobile number that passes the phone rules and is new on each run (07400… to 07409…). */
export function generateTestPhone(): string {
  const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('');
  return `+44740${digits}`;
}
