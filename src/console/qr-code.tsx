import { encode } from 'uqr';

/**
 * A QR code drawn in the page (an SVG of one path, from uqr's matrix): nothing leaves the browser
 * to draw it, so an authenticator's secret is never sent to a service. Dark on light, with its
 * quiet zone, whatever the theme.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { size: modules, data } = encode(value, { ecc: 'M', border: 4 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${String(x)} ${String(y)}h1v1h-1z`] : []))).join('');
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${String(modules)} ${String(modules)}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
