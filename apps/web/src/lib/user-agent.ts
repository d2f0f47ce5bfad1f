/**
 * A readable device name from a User-Agent header, for the list of signed-in
 * sessions: "Chrome on Windows", "Safari on iPhone". Names only, no versions:
 * enough to tell one's devices apart, and stable across browser updates.
 */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  /** A phone or tablet, for the icon. */
  mobile: boolean;
  label: string;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*AppleWebKit/, 'Safari'],
  [/^curl\//, 'curl'],
];

// iOS says "like Mac OS X", Android says "Linux": test them first.
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function first(table: readonly [RegExp, string][], userAgent: string): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent?.trim() ?? '';
  const browser = ua ? first(BROWSERS, ua) : null;
  const os = ua ? first(SYSTEMS, ua) : null;
  const mobile = /\bMobi|\biPhone\b|\biPad\b|\biPod\b|\bAndroid\b/.test(ua);
  const label =
    browser && os
      ? `${browser} on ${os}`
      : (browser ?? (os ? `A browser on ${os}` : 'Unknown device'));
  return { browser, os, mobile, label };
}
