/**
 * Whether the browser can draw WebGL at all (turned off, blocked or no GPU nor software fallback): the 3D page
 * then offers the 2D view instead of a blank canvas. Kept apart from the 3D chunk so the page can ask first.
 */
export function canDrawWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}
