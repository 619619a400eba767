/** Black or white, whichever reads better on the column's colour (WCAG relative luminance). */
export function textOn(hex: string): '#0f172a' | '#ffffff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return '#ffffff';
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // Contrast with white is (1.05)/(L+0.05), with slate-900 (L≈0.0086) is (L+0.05)/0.0586.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0586 ? '#ffffff' : '#0f172a';
}
